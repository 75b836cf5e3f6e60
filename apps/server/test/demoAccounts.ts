/** The demo's accounts that tests sign in as (README, "Demo accounts"). */
export const sysadmin = { userName: 'sysadmin', password: 'Qiming@2026' };
export const staff = { userName: 'staff01', password: 'Staff@2026' };
