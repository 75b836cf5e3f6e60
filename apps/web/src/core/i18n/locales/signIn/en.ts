/**
 * English strings of the pages outside the back-office (sign-in, error pages) and of the request
 * client's messages: all a signed-out visitor's page loads; the rest of the UI comes with the back-office.
 */
export const signInEn = {
  app: {
    title: 'Qiming',
    subtitle: 'Back-office',
    language: 'Language',
    size: 'Size',
    sizes: { large: 'Large', middle: 'Default', small: 'Small' },
    loading: 'Loading…',
    settings: 'Page settings',
    toggleSidebar: 'Toggle the menu',
    userMenu: 'Account menu',
    breadcrumb: 'Breadcrumb',
    home: 'Home',
    viewMissing: 'The view {path} of this menu entry is not part of this version.',
  },
  login: {
    title: 'Sign in to Qiming',
    username: 'User name',
    password: 'Password',
    logIn: 'Sign in',
    passwordRequired: 'Please enter the password',
    capsLock: 'Caps Lock is on',
    backToSite: 'Back to the website',
    sessionExpired: 'Your session has expired, please sign in again',
    sessionEndedDetail: 'It may have expired, been ended elsewhere or by an administrator, or the server was restarted.',
  },
  request: {
    systemPrompt: 'System prompt',
    networkProblem: 'System or network problem, please try later',
    relogin: 'Sign in again',
    cancel: 'Cancel',
    sessionInvalid: 'Your session is no longer valid, please sign in again',
    requestError: 'The request failed, please try again later',
    importSql: 'Please check whether the imported SQL is reasonable',
    timeout: 'The server did not answer in time',
  },
  errorPage: {
    notFound: 'The page you are looking for does not exist.',
    forbidden: 'You do not have permission to open this page.',
    unauthorized: 'Please sign in to continue.',
    backHome: 'Back to the website',
    signIn: 'Sign in',
    dashboard: 'Back-office home',
  },
};

export type SignInStrings = typeof signInEn;
