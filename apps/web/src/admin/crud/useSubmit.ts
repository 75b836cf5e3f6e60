import { useState } from 'react';

/**
 * Runs a form's request with a busy flag. A refused request has already been told to the user by the
 * request client, so a failure only keeps the form open: `submit` answers whether the action succeeded.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const submit = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
