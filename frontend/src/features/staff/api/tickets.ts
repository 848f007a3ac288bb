import type { StaffTicketPageDto, StaffTicketThreadDto } from '@/api/types';
import { api } from '@/lib/http/client';

import { asStaff } from './staff';

/** Members' tickets, latest activity first; of one status (`open`, `answered`, `closed`) or all. */
export function staffTickets(status: string, page: number): Promise<StaffTicketPageDto> {
  return api.get('/prod-api/api/staff/tickets', {
    ...asStaff(),
    params: { query: { status: status || undefined, page, limit: 20 } },
  });
}

/** One ticket with its member and its messages, oldest first. */
export function staffTicket(id: number): Promise<StaffTicketThreadDto> {
  return api.get('/prod-api/api/staff/tickets/{id}', { ...asStaff(), params: { path: { id } } });
}

/** Answers the ticket (e-mailed to the member); the thread after it. */
export function replyTicket(id: number, body: string): Promise<StaffTicketThreadDto> {
  return api.post('/prod-api/api/staff/tickets/{id}/reply', {
    ...asStaff(),
    params: { path: { id } },
    body: { body },
    silent: true,
  });
}

/** Closes the ticket: it takes no more messages. */
export function closeTicket(id: number): Promise<StaffTicketThreadDto> {
  return api.post('/prod-api/api/staff/tickets/{id}/close', {
    ...asStaff(),
    params: { path: { id } },
    silent: true,
  });
}
