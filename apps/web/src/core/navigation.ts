type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateTo: Navigate = (to) => {
  window.location.hash = to;
};

/** Lets code outside React (the request client) navigate through the router once it exists. */
export function setNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  navigateTo(to, options);
}
