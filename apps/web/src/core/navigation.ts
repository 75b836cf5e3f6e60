type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void>;

let navigateTo: Navigate = async (to) => {
  window.location.hash = to;
};

/** Lets code outside React (the request client) navigate through the router once it exists. */
export function setNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Resolves once the router has moved, so callers can act after the old page is gone. */
export function navigate(to: string, options?: { replace?: boolean }): Promise<void> {
  return navigateTo(to, options);
}
