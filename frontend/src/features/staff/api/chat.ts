import type { CannedReplyBody, CannedReplyDto, ChatFiguresDto } from '@/api/types';
import { api } from '@/lib/http/client';

import { useStaffStore } from '../lib/staff-store';

import { asStaff } from './staff';

/** The desk now: who is there, what waits, the median first answer, chats per day. */
export function chatFigures(): Promise<ChatFiguresDto> {
  return api.get('/prod-api/api/staff/chat/figures', { ...asStaff(), silent: true });
}

export function cannedReplies(): Promise<CannedReplyDto[]> {
  return api.get('/prod-api/api/staff/chat/replies', asStaff());
}

/** Creates (`id` 0) or changes a canned reply. */
export function saveCannedReply(id: number, body: CannedReplyBody): Promise<CannedReplyDto> {
  if (id === 0) {
    return api.post('/prod-api/api/staff/chat/replies', { ...asStaff(), body, silent: true });
  }
  return api.put('/prod-api/api/staff/chat/replies/{id}', {
    ...asStaff(),
    params: { path: { id } },
    body,
    silent: true,
  });
}

export function deleteCannedReply(id: number): Promise<unknown> {
  return api.delete('/prod-api/api/staff/chat/replies/{id}', {
    ...asStaff(),
    params: { path: { id } },
  });
}

/** A shopper's image in a conversation, as an object URL (the call needs the staff session). */
export async function chatImageUrl(chatId: number, lineId: number): Promise<string> {
  const token = useStaffStore.getState().token ?? '';
  const response = await fetch(
    `/prod-api/api/staff/chat/${String(chatId)}/images/${String(lineId)}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  if (!response.ok) throw new Error(`image ${String(response.status)}`);
  return URL.createObjectURL(await response.blob());
}
