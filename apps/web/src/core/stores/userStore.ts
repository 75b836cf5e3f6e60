import { create } from 'zustand';

export interface CurrentUser {
  id: number;
  userName: string;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  menuTypeId: number;
  isSuper: boolean;
  /** The password outlived the policy: the back-office asks for a new one before anything else. */
  passwordExpired?: boolean;
}

interface UserState {
  user: CurrentUser | null;
  setUser(user: CurrentUser | null): void;
}

export const useUserStore = create<UserState>((set) => ({
  user: null,
  setUser: (user) => set({ user }),
}));
