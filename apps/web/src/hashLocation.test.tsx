import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from './AppRoutes.tsx';
import { clearTokens } from './core/auth/tokenStorage.ts';
import { navigateTo, useHashLocation, useSearchParams } from './hashLocation.ts';

// The site's layout scrolls to the top and its footer holds a modal dialog: jsdom has neither.
window.scrollTo = () => undefined;
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};

/** Shows the location as the store gives it and the query as the site's pages read it. */
function Where() {
  const { pathname, search, key } = useHashLocation();
  const query = useSearchParams();
  return (
    <output>
      {pathname} {search} index={query.get('index')} key={key}
    </output>
  );
}

const shown = () => screen.getByRole('status').textContent ?? '';
/** Resolves when the browser has moved through its history (Back, a typed address, a followed link). */
const popped = () => new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));

describe('the hash location', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '#/homePage');
    clearTokens();
  });
  afterEach(cleanup);

  it('follows a plain link with its query inside the hash, as the spec’s addresses have it', async () => {
    render(
      <>
        <a href="#/toProducts?index=2">产品</a>
        <Where />
      </>,
    );
    const followed = popped();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: '产品' }));
      await followed;
    });
    expect(window.location.search).toBe('');
    expect(shown()).toContain('/toProducts ?index=2 index=2');
  });

  it('renders Back, an address typed into the bar, and a link to the page shown, each as a new location', async () => {
    render(<Where />);
    const keyOf = () => /key=(\d+)/.exec(shown())?.[1];
    act(() => navigateTo('/newsPage'));
    act(() => navigateTo('/customers'));
    expect(shown()).toContain('/customers');

    const back = popped();
    await act(async () => {
      window.history.back();
      await back;
    });
    expect(shown()).toContain('/newsPage');

    const typed = popped();
    await act(async () => {
      window.location.hash = '#/aboutUs?activeIndex=1';
      await typed;
    });
    expect(shown()).toContain('/aboutUs ?activeIndex=1');

    const before = keyOf();
    act(() => navigateTo('/aboutUs?activeIndex=1'));
    expect(keyOf()).not.toBe(before);
  });

  it('replaces the current entry when asked, so Back skips it', async () => {
    render(<Where />);
    act(() => navigateTo('/newsPage'));
    act(() => navigateTo('/404', { replace: true }));
    expect(window.location.hash).toBe('#/404');
    const back = popped();
    await act(async () => {
      window.history.back();
      await back;
    });
    expect(shown()).toContain('/homePage');
  });
});

describe('the two routers over one location', () => {
  beforeEach(() => {
    clearTokens();
    // The site's pages load their content; this is about routing, so their requests stay pending. A request
    // that failed instead would re-render its page after the test, when jsdom's window may be gone.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('send a visitor on an unknown address to 404, whose link leads back to the site', async () => {
    window.history.replaceState(null, '', '#/no/such/page');
    render(<AppRoutes />);
    expect(await screen.findByRole('heading', { name: '404' }, { timeout: 10_000 })).toBeTruthy();
    expect(window.location.hash).toBe('#/404');

    const home = screen.getAllByRole('link').find((link) => link.getAttribute('href') === '#/homePage');
    expect(home).toBeTruthy();
    await act(async () => {
      if (home) fireEvent.click(home);
    });
    expect(window.location.hash).toBe('#/homePage');
    expect(screen.getByTestId('site-header')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '404' })).toBeNull();
  });
});
