import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import type { StaffDto } from '@/api/types';

/**
 * The staff console's session, apart from the shopper's: kept for this tab only
 * (sessionStorage), so it ends with the tab as well as on the server's idle time-out.
 */
interface StaffSessionState {
  token: string | null;
  staff: StaffDto | null;
  start: (token: string, staff: StaffDto) => void;
  end: () => void;
}

export const useStaffStore = create<StaffSessionState>()(
  persist(
    (set) => ({
      token: null,
      staff: null,
      start: (token, staff) => set({ token, staff }),
      end: () => set({ token: null, staff: null }),
    }),
    {
      name: 'keyshop-staff-session',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ token, staff }) => ({ token, staff }),
    },
  ),
);

/** Whether the signed-in member of staff's role has `permission` (the console hides the rest). */
export function mayStaff(staff: StaffDto | null, permission: string): boolean {
  return staff?.permissions.includes(permission) ?? false;
}
