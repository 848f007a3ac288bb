import { useQuery } from '@tanstack/react-query';
import { Archive, Hand, Send } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';

import { errorText, FormAlert } from '@/components/ui/form-field';
import { PrivateImage } from '@/components/ui/private-image';

import { chatFigures, chatImageUrl } from '../api/chat';
import {
  CannedRepliesEditor,
  CannedSuggestions,
  matchingReplies,
  useCannedReplies,
} from '../components/canned-replies';
import { ChatContext } from '../components/chat-context';
import { ChatFigures } from '../components/chat-figures';
import { RequirePermission } from '../components/staff-layout';
import {
  agentConnection,
  INBOXES,
  useAgentChat,
  type AgentChat,
  type AgentLine,
  type InboxName,
  type Presence,
} from '../lib/agent-chat';
import { useDateTime } from '../lib/format';

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

/** A shopper's image, read with the staff session. */
function LineImage({ line }: { line: AgentLine }) {
  const { t } = useTranslation();
  return (
    <PrivateImage
      load={() => chatImageUrl(line.chatId, line.id)}
      alt={t('chat.image')}
      className="ks-staff-chat__image"
      testId="staff-chat-image"
      fallback={t('chat.image')}
      fallbackClassName="ks-staff__muted"
    />
  );
}

/** Hands the conversation to another agent at the desk. */
function Transfer({ chat }: { chat: AgentChat }) {
  const { t } = useTranslation();
  const staffId = useAgentChat((state) => state.staffId);
  const figures = useQuery({ queryKey: ['staff', 'chat', 'figures'], queryFn: chatFigures });
  const others = (figures.data?.agents ?? []).filter(
    (agent) => agent.staffId !== staffId && agent.staffId !== chat.agentId,
  );
  if (others.length === 0 || chat.status === 'closed') return null;
  return (
    <label className="ks-staff-chat__transfer">
      <span className="ks-visually-hidden">{t('staff.chat.transfer')}</span>
      <select
        className="ks-select"
        value=""
        onChange={(event) => agentConnection.transfer(chat.id, Number(event.target.value))}
        data-testid="staff-chat-transfer"
      >
        <option value="">{t('staff.chat.transfer')}</option>
        {others.map((agent) => (
          <option key={agent.staffId} value={agent.staffId}>
            {agent.email} ({t(`staff.chat.presence.${agent.presence as Presence}`)})
          </option>
        ))}
      </select>
    </label>
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
  const replies = useCannedReplies();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!chat) return <p className="ks-staff__intro">{t('staff.chat.pick')}</p>;
  const lastMine = [...lines].reverse().find((line) => line.author === 'agent');
  const matches = matchingReplies(replies.data ?? [], text, chat.language);
  const send = (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (text.trim() === '') return;
    agentConnection.write(chat.id, text, note);
    setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const [first] = matches;
    if (first && (event.key === 'Tab' || event.key === 'Enter')) {
      // A shortcut typed: its reply goes in the box, to read over before sending.
      event.preventDefault();
      setText(first.body);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) send(event);
  };
  return (
    <div className="ks-staff-chat__main">
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
          <Transfer chat={chat} />
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
        {chat.byEmail ? (
          <p className="ks-staff__muted" data-testid="staff-chat-by-email">
            {t('staff.chat.byEmail', { email: chat.email })}
          </p>
        ) : null}
        {chat.ticketId > 0 ? (
          <p className="ks-staff__muted" data-testid="staff-chat-ticket">
            {t('staff.chat.becameTicket', { id: chat.ticketId })}
          </p>
        ) : null}
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
              {line.imageType ? <LineImage line={line} /> : <span dir="auto">{line.body}</span>}
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
            <CannedSuggestions matches={matches} onPick={(reply) => setText(reply.body)} />
            <p className="ks-staff__muted ks-staff-chat__hint">{t('staff.chat.canned.hint')}</p>
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
      <ChatContext chat={chat} />
    </div>
  );
}

/** Online (given new conversations) or away (keeps one's own). */
function PresenceSwitch() {
  const { t } = useTranslation();
  const presence = useAgentChat((state) => state.presence);
  return (
    <div
      className="ks-staff-chat__presence"
      role="radiogroup"
      aria-label={t('staff.chat.presence.label')}
    >
      {(['online', 'away'] as Presence[]).map((value) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={presence === value}
          className={`ks-staff-chat__tab${presence === value ? ' ks-staff-chat__tab--on' : ''}`}
          onClick={() => agentConnection.setPresence(value)}
          data-testid={`staff-chat-presence-${value}`}
        >
          <span className={`ks-staff-chat__dot ks-staff-chat__dot--${value}`} aria-hidden="true" />
          {t(`staff.chat.presence.${value}`)}
        </button>
      ))}
    </div>
  );
}

function ChatPage() {
  const { t } = useTranslation();
  const [inbox, setInbox] = useState<InboxName>('waiting');
  const connected = useAgentChat((state) => state.connected);
  const waiting = useAgentChat((state) => state.inboxes.waiting.length);
  const error = useAgentChat((state) => state.error);
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'replies' ? 'replies' : 'chats';
  useEffect(() => {
    agentConnection.start();
    return () => agentConnection.stop();
  }, []);
  // The link of an e-mail about a conversation opens it.
  const linked = Number(search.get('id') ?? 0);
  useEffect(() => {
    if (linked > 0) agentConnection.select(linked);
  }, [linked]);
  return (
    <section data-testid="staff-chat">
      <h1 className="ks-staff__title">{t('staff.chat.title')}</h1>
      <p className="ks-staff__intro">
        {connected ? t('staff.chat.intro') : t('staff.chat.offline')}
      </p>
      {error ? <FormAlert>{errorText(error)}</FormAlert> : null}
      <div className="ks-staff__actions ks-staff-chat__bar">
        <PresenceSwitch />
        <div className="ks-staff-chat__presence" role="tablist">
          {(['chats', 'replies'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={view === name}
              className={`ks-staff-chat__tab${view === name ? ' ks-staff-chat__tab--on' : ''}`}
              onClick={() => setSearch(name === 'replies' ? { view: name } : {})}
              data-testid={`staff-chat-view-${name}`}
            >
              {t(`staff.chat.view.${name}`)}
            </button>
          ))}
        </div>
      </div>
      <ChatFigures />
      {view === 'replies' ? (
        <CannedRepliesEditor />
      ) : (
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
      )}
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
