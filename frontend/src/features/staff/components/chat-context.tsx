import { useMutation, useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import type { OrderDto } from '@/api/types';
import { FormAlert } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useOrderMoney } from '@/hooks/use-order-money';
import { notify } from '@/lib/toast';

import { searchOrders, staffResendEmail } from '../api/staff';
import type { AgentChat } from '../lib/agent-chat';
import { useDateTime } from '../lib/format';
import { mayStaff, useStaffStore } from '../lib/staff-store';

/** How many of the shopper's orders the panel shows. */
const RECENT = 5;
const DELIVERED = ['delivered', 'completed', 'refund_rejected', 'refund_requested'];

/** One order of the shopper: its state, whether its keys went out, what the role may do. */
function RecentOrder({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  const money = useOrderMoney();
  const formatDateTime = useDateTime();
  const resend = useMutation({
    mutationFn: () => staffResendEmail(order.orderNo),
    onSuccess: () => notify.success(t('staff.orders.resent', { email: order.email })),
  });
  const delivered = DELIVERED.includes(order.state);
  return (
    <li className="ks-staff-chat__order" data-testid="staff-chat-order">
      <div>
        <Link className="ks-text-link" to={`${paths.staffOrders}/${order.orderNo}`}>
          {order.orderNo}
        </Link>
        <span className="ks-staff__muted">
          {' '}
          · {formatDateTime(order.createdAt)} · {money(order.realAmount, order.currency)}
        </span>
      </div>
      <div className="ks-staff-chat__order-state">
        <span className="ks-staff__badge" data-testid="staff-chat-order-state">
          {t(`shop.state.${order.state}`)}
        </span>
        <span className="ks-staff__muted">
          {t(delivered ? 'staff.chat.keysSent' : 'staff.chat.keysNotSent')}
        </span>
      </div>
      <div className="ks-staff__actions">
        {delivered && order.state !== 'refund_requested' && mayStaff(staff, 'orders.resend') ? (
          <button
            type="button"
            className="ks-button ks-button--secondary ks-button--small"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
            data-testid="staff-chat-resend"
          >
            <MailCheck size={16} aria-hidden />
            {t('staff.orders.resend')}
          </button>
        ) : null}
        {order.state === 'refund_requested' && mayStaff(staff, 'refunds.decide') ? (
          <Link className="ks-button ks-button--secondary ks-button--small" to={paths.staffRefunds}>
            {t('staff.chat.refund')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The shopper beside the conversation: member or guest, the order it is about, their recent
 * orders with their states and whether the keys went out, and what the agent's role may do
 * (resend the key e-mail, open a refund request, open the order).
 */
export function ChatContext({ chat }: { chat: AgentChat }) {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  const mayRead = mayStaff(staff, 'orders.read');
  const orders = useQuery({
    queryKey: ['staff', 'chat', 'orders', chat.email],
    queryFn: () => searchOrders({ email: chat.email, page: 1, limit: 10 }),
    enabled: mayRead,
    staleTime: 10_000,
  });
  return (
    <aside className="ks-staff-chat__context ks-staff__card" data-testid="staff-chat-context">
      <dl className="ks-staff__facts">
        <div>
          <dt>{t(chat.memberId === null ? 'staff.chat.guest' : 'staff.chat.member')}</dt>
          <dd dir="auto">
            {chat.name}
            <br />
            {chat.memberId !== null && mayStaff(staff, 'members.read') ? (
              <Link
                className="ks-text-link"
                to={`${paths.staffCustomers}/${String(chat.memberId)}`}
              >
                {chat.email}
              </Link>
            ) : (
              chat.email
            )}
          </dd>
        </div>
        <div>
          <dt>{t('staff.chat.language')}</dt>
          <dd>{chat.language}</dd>
        </div>
        {chat.orderNo ? (
          <div>
            <dt>{t('staff.tickets.order')}</dt>
            <dd>
              {mayRead ? (
                <Link className="ks-text-link" to={`${paths.staffOrders}/${chat.orderNo}`}>
                  {chat.orderNo}
                </Link>
              ) : (
                chat.orderNo
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      {mayRead ? (
        <>
          <h3 className="ks-staff__subtitle">{t('staff.chat.recentOrders')}</h3>
          {orders.isError ? <FormAlert>{t('staff.chat.ordersFailed')}</FormAlert> : null}
          {orders.data?.rows.length === 0 ? (
            <p className="ks-staff__muted">{t('staff.chat.noOrders')}</p>
          ) : null}
          <ul className="ks-staff-chat__orders">
            {orders.data?.rows.slice(0, RECENT).map((order) => (
              <RecentOrder key={order.orderNo} order={order} />
            ))}
          </ul>
        </>
      ) : null}
    </aside>
  );
}
