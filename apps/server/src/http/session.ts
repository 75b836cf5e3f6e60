/**
 * A live signed-in session as every module sees it. auth issues and stores sessions; the type sits in the
 * kernel because the guard, the caller and every module's services read it.
 */
export interface LiveSession {
  sessionId: string;
  accountId: number;
  userName: string;
  isSuper: boolean;
  /** When the session ends unless refreshed (epoch ms). */
  expiresAt: number;
}
