import { Archive, Hand, Send } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { errorText, FormAlert } from '@/components/ui/form-field';
import { paths } from '@/config/paths';

import { RequirePermission } from '../components/staff-layout';
import {
  agentConnection,
  INBOXES,
  useAgentChat,
  type AgentChat,
  type InboxName,
} from '../lib/agent-chat';
import { useDateTime } from '../lib/format';
import { mayStaff, useStaffStore } from '../lib/staff-store';

/** How long "typing…" shows after the shopper's last sign of it. */
const TYPING_SHOWN_MS = 4000;

function InboxList({ inbox }: { inbox: InboxName }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const rows = useAgentChat((state) => state.inboxes[inbox]);
  const selected = useAgentChat((state) => state.selected);
  if (rows.length === 0) return <p className="ks-staff__muted">{t('staff.chat.empty')}</p>;
  return (
    <ul className="ks-staff-chat__list" data-testid="staff-chat-inbox">
      {rows.map((chat) => (
        <li key={chat.id}>
          <button
            type="button"
            className={`ks-staff-chat__item${chat.id === selected ? ' ks-staff-chat__item--on' : ''}`}
            onClick={() => agentConnection.select(chat.id)}
            data-testid="staff-chat-item"
            data-status={chat.status}
          >
            <strong dir="auto">{chat.name}</strong>
            <span className="ks-staff__muted">{chat.email}</span>
            <span className="ks-staff__muted">
              {t(`chat.status.${chat.status}`)} · {formatDateTime(chat.updatedAt)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The shopper beside the conversation: who, the order it is about. */
function Shopper({ chat }: { chat: AgentChat }) {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  return (
    <dl className="ks-staff__facts ks-staff__card" data-testid="staff-chat-shopper">
      <div>
        <dt>{t(chat.memberId === null ? 'staff.chat.guest' : 'staff.chat.member')}</dt>
        <dd>
          {chat.memberId !== null && mayStaff(staff, 'members.read') ? (
            <Link className="ks-text-link" to={`${paths.staffCustomers}/${String(chat.memberId)}`}>
              {chat.email}
            </Link>
          ) : (
            chat.email
          )}
        </dd>
      </div>
      {chat.orderNo ? (
        <div>
          <dt>{t('staff.tickets.order')}</dt>
          <dd>
            {mayStaff(staff, 'orders.read') ? (
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
  );
}

function Conversation() {
  const { t } = useTranslation();
  const chat = useAgentChat((state) => state.chat);
  const lines = useAgentChat((state) => state.lines);
  const typedAt = useAgentChat((state) => (state.chat ? (state.typing[state.chat.id] ?? 0) : 0));
  const [text, setText] = useState('');
  const [note, setNote] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!chat) return <p className="ks-staff__intro">{t('staff.chat.pick')}</p>;
  const lastMine = [...lines].reverse().find((line) => line.author === 'agent');
  const send = (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (text.trim() === '') return;
    agentConnection.write(chat.id, text, note);
    setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) send(event);
  };
  return (
    <section className="ks-staff-chat__conversation" data-testid="staff-chat-conversation">
      <div className="ks-staff__actions">
        <h2 className="ks-staff__subtitle" dir="auto">
          {chat.name}{' '}
          <span className="ks-staff__badge" data-testid="staff-chat-status">
            {t(`chat.status.${chat.status}`)}
          </span>
        </h2>
        {chat.status === 'waiting' ? (
          <button
            type="button"
            className="ks-button ks-button--primary"
            onClick={() => agentConnection.claim(chat.id)}
            data-testid="staff-chat-claim"
          >
            <Hand size={18} aria-hidden="true" />
            {t('staff.chat.claim')}
          </button>
        ) : null}
        {chat.status !== 'closed' ? (
          <button
            type="button"
            className="ks-button ks-button--ghost"
            onClick={() => agentConnection.close(chat.id)}
            data-testid="staff-chat-end"
          >
            <Archive size={18} aria-hidden="true" />
            {t('staff.chat.closeChat')}
          </button>
        ) : null}
      </div>
      <Shopper chat={chat} />
      <ol className="ks-staff-chat__lines" aria-live="polite" data-testid="staff-chat-lines">
        {lines.map((line) => (
          <li
            key={line.id}
            className={`ks-staff-chat__line ks-staff-chat__line--${line.author}`}
            data-testid="staff-chat-line"
            data-author={line.author}
          >
            {line.author === 'note' ? (
              <span className="ks-staff__muted">{t('staff.chat.note')}: </span>
            ) : null}
            <span dir="auto">{line.body}</span>
            {line.id === lastMine?.id && chat.shopperRead >= line.id ? (
              <span className="ks-staff-chat__read" data-testid="staff-chat-read">
                {t('staff.chat.read')}
              </span>
            ) : null}
          </li>
        ))}
        {now - typedAt < TYPING_SHOWN_MS ? (
          <li className="ks-staff__muted" data-testid="staff-chat-typing">
            {t('staff.chat.typing')}
          </li>
        ) : null}
      </ol>
      {chat.status === 'closed' ? null : (
        <form className="ks-staff-chat__composer" onSubmit={send}>
          <label className="ks-visually-hidden" htmlFor="staff-chat-text">
            {t('staff.chat.placeholder')}
          </label>
          <textarea
            id="staff-chat-text"
            className="ks-input"
            rows={3}
            maxLength={4000}
            placeholder={t('staff.chat.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (!note) agentConnection.typing(chat.id);
            }}
            onKeyDown={onKey}
            data-testid="staff-chat-text"
          />
          <div className="ks-staff__actions">
            <label className="ks-check">
              <input
                type="checkbox"
                className="ks-check__input"
                checked={note}
                onChange={(event) => setNote(event.target.checked)}
                data-testid="staff-chat-note"
              />
              <span className="ks-check__label">{t('staff.chat.note')}</span>
            </label>
            <button
              type="submit"
              className="ks-button ks-button--primary"
              data-testid="staff-chat-send"
            >
              <Send size={18} aria-hidden="true" className="ks-staff__flip" />
              {t('staff.chat.send')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function ChatPage() {
  const { t } = useTranslation();
  const [inbox, setInbox] = useState<InboxName>('waiting');
  const connected = useAgentChat((state) => state.connected);
  const waiting = useAgentChat((state) => state.inboxes.waiting.length);
  const error = useAgentChat((state) => state.error);
  useEffect(() => {
    agentConnection.start();
    return () => agentConnection.stop();
  }, []);
  return (
    <section data-testid="staff-chat">
      <h1 className="ks-staff__title">{t('staff.chat.title')}</h1>
      <p className="ks-staff__intro">
        {connected ? t('staff.chat.intro') : t('staff.chat.offline')}
      </p>
      {error ? <FormAlert>{errorText(error)}</FormAlert> : null}
      <div className="ks-staff-chat">
        <div className="ks-staff-chat__inbox">
          <div className="ks-staff-chat__tabs" role="tablist">
            {INBOXES.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={inbox === name}
                className={`ks-staff-chat__tab${inbox === name ? ' ks-staff-chat__tab--on' : ''}`}
                onClick={() => setInbox(name)}
                data-testid={`staff-chat-tab-${name}`}
              >
                {t(`staff.chat.${name}`)}
                {name === 'waiting' && waiting > 0 ? ` (${String(waiting)})` : ''}
              </button>
            ))}
          </div>
          <InboxList inbox={inbox} />
        </div>
        <Conversation />
      </div>
    </section>
  );
}

/** Live chat for agents: the inbox (waiting, mine, all) and one conversation beside it. */
export function StaffChatRoute() {
  return (
    <RequirePermission permission="chat.answer">
      <ChatPage />
    </RequirePermission>
  );
}
