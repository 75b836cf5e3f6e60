/** The parts of AMap's JS API 2.0 the contact page uses. */
export interface AmapLngLat {
  getLng(): number;
  getLat(): number;
}
export interface AmapMap {
  setCenter(position: [number, number] | AmapLngLat): void;
  setZoom(zoom: number): void;
  add(overlay: unknown): void;
  addControl(control: unknown): void;
  setFitView(): void;
  destroy(): void;
}
export interface AmapPoi {
  id: string;
  name: string;
  address: string | unknown[];
  location: AmapLngLat;
}
export interface AmapNamespace {
  Map: new (container: HTMLElement, options: { center: [number, number]; zoom: number }) => AmapMap;
  Marker: new (options: { position: [number, number] | AmapLngLat; title?: string }) => unknown;
  Scale: new () => unknown;
  ToolBar: new () => unknown;
  Geolocation: new (options: {
    enableHighAccuracy: boolean;
    timeout: number;
  }) => {
    getCurrentPosition(done: (status: string, result: { position?: AmapLngLat; message?: string }) => void): void;
  };
  PlaceSearch: new (options: {
    pageSize: number;
    city?: string;
  }) => {
    search(keyword: string, done: (status: string, result: { poiList?: { pois: AmapPoi[] } } | string) => void): void;
  };
}

declare global {
  interface Window {
    AMap?: AmapNamespace;
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

/** How long the visitor sees the drawn map before a silent AMap counts as unreachable. */
export const amapLoadTimeoutMs = 10_000;

let loading: Promise<AmapNamespace> | undefined;

/**
 * Loads AMap's JS API once per page, with the plugins the contact page uses. A script that fails, is
 * refused, or stays silent past the time-out rejects (and may be tried again on the next visit), so
 * the page keeps its drawn map whenever AMap cannot be reached.
 */
export function loadAmap(key: string, securityCode: string): Promise<AmapNamespace> {
  if (window.AMap) return Promise.resolve(window.AMap);
  loading ??= new Promise<AmapNamespace>((resolve, reject) => {
    // AMap reads the security code from this global before its script runs (keys made since 2021-12-02).
    if (securityCode) window._AMapSecurityConfig = { securityJsCode: securityCode };
    const script = document.createElement('script');
    const plugins = ['AMap.Scale', 'AMap.ToolBar', 'AMap.Geolocation', 'AMap.PlaceSearch'].join(',');
    script.src = `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}&plugin=${plugins}`;
    script.async = true;
    const timer = window.setTimeout(() => fail(new Error('AMap did not answer in time')), amapLoadTimeoutMs);
    const fail = (error: Error) => {
      window.clearTimeout(timer);
      script.remove();
      loading = undefined;
      reject(error);
    };
    script.onerror = () => fail(new Error('AMap could not be loaded'));
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.AMap) resolve(window.AMap);
      else fail(new Error('AMap loaded without its API'));
    };
    document.head.append(script);
  });
  return loading;
}
