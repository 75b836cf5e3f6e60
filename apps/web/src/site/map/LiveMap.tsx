import { type FormEvent, useEffect, useRef, useState } from 'react';
import styles from '../pages/pages.module.css';
import type { AmapMap, AmapNamespace, AmapPoi } from './loadAmap.ts';

interface Props {
  amap: AmapNamespace;
  position: [number, number];
  companyName: string;
}

const addressOf = (poi: AmapPoi) => (typeof poi.address === 'string' ? poi.address : '');

/** AMap's live map at the company, with the visitor's own position and a place search. */
export function LiveMap({ amap, position, companyName }: Props) {
  const container = useRef<HTMLElement>(null);
  const map = useRef<AmapMap | null>(null);
  const [keyword, setKeyword] = useState('');
  const [places, setPlaces] = useState<AmapPoi[]>([]);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (!container.current) return;
    const created = new amap.Map(container.current, { center: position, zoom: 16 });
    created.add(new amap.Marker({ position, title: companyName }));
    created.addControl(new amap.Scale());
    created.addControl(new amap.ToolBar());
    map.current = created;
    return () => {
      created.destroy();
      map.current = null;
    };
  }, [amap, position, companyName]);

  const locate = () => {
    setStatus('正在定位…');
    new amap.Geolocation({ enableHighAccuracy: true, timeout: 10_000 }).getCurrentPosition((result, found) => {
      if (result !== 'complete' || !found.position || !map.current) {
        setStatus('无法获取您的位置，请检查浏览器的定位权限。');
        return;
      }
      map.current.add(new amap.Marker({ position: found.position, title: '我的位置' }));
      map.current.setFitView();
      setStatus('已标出您的位置。');
    });
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = keyword.trim();
    if (!text) return;
    setStatus('正在搜索…');
    new amap.PlaceSearch({ pageSize: 5 }).search(text, (result, found) => {
      const pois = result === 'complete' && typeof found === 'object' ? (found.poiList?.pois ?? []) : [];
      setPlaces(pois);
      setStatus(pois.length > 0 ? `找到 ${pois.length} 个地点。` : '没有找到相关地点。');
    });
  };

  const show = (poi: AmapPoi) => {
    map.current?.add(new amap.Marker({ position: poi.location, title: poi.name }));
    map.current?.setCenter(poi.location);
  };

  return (
    <div className={styles.liveMap}>
      <section ref={container} className={styles.liveMapCanvas} aria-label={`${companyName}位置地图`} />
      <div className={styles.mapTools}>
        <search>
          <form onSubmit={search}>
            <label>
              <span className={styles.visuallyHidden}>搜索地点</span>
              <input value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder="搜索地点，如地铁站" maxLength={50} />
            </label>
            <button type="submit" className={styles.outlineButton}>
              搜索
            </button>
          </form>
        </search>
        <button type="button" className={styles.outlineButton} onClick={locate}>
          定位到我的位置
        </button>
      </div>
      <p role="status" className={styles.meta}>
        {status}
      </p>
      {places.length > 0 && (
        <ul className={styles.places}>
          {places.map((poi) => (
            <li key={poi.id}>
              <button type="button" onClick={() => show(poi)}>
                <strong>{poi.name}</strong> {addressOf(poi)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
