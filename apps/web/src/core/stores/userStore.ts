import type { CurrentUser } from '@qiming/shared';
import { create } from 'zustand';

export type { CurrentUser };

interface UserState {
  user: CurrentUser | null;
  setUser(user: CurrentUser | null): void;
}

export const useUserStore = create<UserState>((set) => ({
  user: null,
  setUser: (user) => set({ user }),
}));
