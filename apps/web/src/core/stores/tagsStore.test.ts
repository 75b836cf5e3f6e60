import { beforeEach, describe, expect, it } from 'vitest';
import { useTagsStore } from './tagsStore.ts';

const store = () => useTagsStore.getState();
const paths = () => store().visitedViews.map((view) => view.path);

describe('visited and cached pages', () => {
  beforeEach(() => {
    useTagsStore.setState({ visitedViews: [], cachedViews: [], generations: {} });
    store().addView({ path: '/dashboard', title: 'route.dashboard', affix: true });
    store().addView({ path: '/a', title: 'a' });
    store().addView({ path: '/b', title: 'b', noCache: true });
    store().addView({ path: '/c', title: 'c' });
  });

  it('adds a page once and caches it unless it opts out', () => {
    store().addView({ path: '/a', title: 'a' });
    expect(paths()).toEqual(['/dashboard', '/a', '/b', '/c']);
    expect(store().cachedViews).toEqual(['/dashboard', '/a', '/c']);
  });

  it('closes one, never a pinned one', () => {
    store().delView('/a');
    store().delView('/dashboard');
    expect(paths()).toEqual(['/dashboard', '/b', '/c']);
    expect(store().cachedViews).toEqual(['/dashboard', '/c']);
  });

  it('closes the others, keeping pinned pages', () => {
    store().delOthersViews('/c');
    expect(paths()).toEqual(['/dashboard', '/c']);
  });

  it('closes all but the pinned pages', () => {
    store().delAllViews();
    expect(paths()).toEqual(['/dashboard']);
    expect(store().cachedViews).toEqual(['/dashboard']);
  });

  it('keeps the tabs in session storage across a reload', () => {
    expect(JSON.parse(sessionStorage.getItem('qiming-tags') ?? '{}').state.visitedViews).toHaveLength(4);
  });

  it('bumps the generation of a refreshed page', () => {
    store().refreshView('/a');
    store().refreshView('/a');
    expect(store().generations['/a']).toBe(2);
  });
});
