import { Mail, MessageCircle, Paperclip, Send, Star, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import { errorText, FormAlert, TextField } from '@/components/ui/form-field';
import { PrivateImage } from '@/components/ui/private-image';
import { paths } from '@/config/paths';
import { useAppStore } from '@/stores/app-store';
import { selectIsSignedIn } from '@/stores/selectors';

import { chatConnection, useChatStore, type ChatIntro, type ChatLine } from '../lib/chat-store';

import './chat.css';

/** The most characters of a message (the server takes 4 KB of text). */
const MAX_TEXT = 4000;

/** Puts `(n)` before the page's title while agent lines wait unread. */
function useTitleBadge(unread: number): void {
  useEffect(() => {
    const title = document.title.replace(/^\(\d+\) /, '');
    document.title = unread > 0 ? `(${String(unread)}) ${title}` : title;
  }, [unread]);
}

/**
 * With no agent at the desk: what becomes of the shopper's message (a member's a ticket, a
 * guest's an e-mail answer) and how soon the answer comes.
 */
function NoAgentNotice() {
  const { t } = useTranslation();
  const signedIn = useAppStore(selectIsSignedIn);
  const desk = useChatStore((state) => state.desk);
  const chat = useChatStore((state) => state.chat);
  if (!desk || desk.agentsOnline || (chat && chat.status !== 'waiting')) return null;
  const hours = desk.replyWithinHours;
  if (chat?.byEmail) {
    return (
      <p className="ks-chat__notice" data-testid="chat-by-email">
        {t('chat.byEmail', { email: chat.email, count: hours })}
      </p>
    );
  }
  return (
    <p className="ks-chat__notice" role="status" data-testid="chat-no-agent">
      {t(signedIn ? 'chat.noAgentMember' : 'chat.noAgentGuest', { count: hours })}
    </p>
  );
}

/** A shopper's image, read with their credentials. */
function LineImage({ line }: { line: ChatLine }) {
  const { t } = useTranslation();
  return (
    <PrivateImage
      load={() => chatConnection.imageUrl(line.chatId, line.id)}
      alt={t('chat.image')}
      className="ks-chat__image"
      testId="chat-image"
      fallback={t('chat.image')}
      fallbackClassName="ks-chat__hint"
    />
  );
}

/** E-mails the conversation to the shopper, once it has lines. */
function TranscriptButton() {
  const { t } = useTranslation();
  const sent = useChatStore((state) => state.transcriptSent);
  const chat = useChatStore((state) => state.chat);
  const lines = useChatStore((state) => state.lines.length);
  if (!chat || lines === 0) return null;
  if (sent) {
    return (
      <p className="ks-chat__hint" role="status" data-testid="chat-transcript-sent">
        {t('chat.transcriptSent', { email: chat.email })}
      </p>
    );
  }
  return (
    <button
      type="button"
      className="ks-button ks-button--ghost ks-chat__transcript"
      onClick={() => chatConnection.transcript()}
      data-testid="chat-transcript"
    >
      <Mail size={16} aria-hidden="true" />
      {t('chat.transcript')}
    </button>
  );
}

/** A guest's name and e-mail (a member's are known), and the order it is about. */
function IntroForm() {
  const { t } = useTranslation();
  const signedIn = useAppStore(selectIsSignedIn);
  const error = useChatStore((state) => state.error);
  const [intro, setIntro] = useState<ChatIntro>({ name: '', email: '', orderNo: '' });
  const field = (name: keyof ChatIntro) => ({
    value: intro[name],
    onChange: (event: { target: { value: string } }) =>
      setIntro({ ...intro, [name]: event.target.value }),
    error: error?.fields[name],
  });
  const start = (event: SyntheticEvent) => {
    event.preventDefault();
    chatConnection.openChat(intro);
  };
  return (
    <form className="ks-chat__intro" onSubmit={start} noValidate data-testid="chat-intro">
      <p className="ks-chat__hint">{t('chat.intro')}</p>
      <NoAgentNotice />
      {signedIn ? null : (
        <>
          <TextField
            label={t('chat.name')}
            autoComplete="name"
            testId="chat-name"
            {...field('name')}
          />
          <TextField
            label={t('chat.email')}
            type="email"
            autoComplete="email"
            testId="chat-email"
            {...field('email')}
          />
        </>
      )}
      <TextField label={t('chat.orderNo')} optional testId="chat-order" {...field('orderNo')} />
      <button type="submit" className="ks-button ks-button--primary" data-testid="chat-start">
        {t('chat.start')}
      </button>
    </form>
  );
}

/** Stars for a conversation that ended (once). */
function Rating() {
  const { t } = useTranslation();
  const chat = useChatStore((state) => state.chat);
  if (chat?.status !== 'closed') return null;
  if (chat.rating !== null) {
    return (
      <p className="ks-chat__hint" data-testid="chat-rated">
        {t('chat.rated')}
      </p>
    );
  }
  return (
    <div className="ks-chat__rating" role="group" aria-label={t('chat.rate')}>
      <span>{t('chat.rate')}</span>
      {[1, 2, 3, 4, 5].map((stars) => (
        <button
          key={stars}
          type="button"
          className="ks-chat__star"
          aria-label={t('chat.stars', { count: stars })}
          onClick={() => chatConnection.rate(stars)}
          data-testid={`chat-star-${String(stars)}`}
        >
          <Star size={20} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}

/** The conversation: its lines (the shopper's at the end side), typing, read, the composer. */
function Conversation() {
  const { t } = useTranslation();
  const chat = useChatStore((state) => state.chat);
  const lines = useChatStore((state) => state.lines);
  const agentTyping = useChatStore((state) => state.agentTyping);
  const error = useChatStore((state) => state.error);
  const uploading = useChatStore((state) => state.uploading);
  const desk = useChatStore((state) => state.desk);
  const [text, setText] = useState('');
  const end = useRef<HTMLLIElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lines.length, agentTyping]);
  // Shown is read: the agent sees how far.
  const lastTheirs = [...lines].reverse().find((line) => line.author !== 'shopper');
  const shopperRead = chat?.shopperRead ?? 0;
  useEffect(() => {
    if (lastTheirs && lastTheirs.id > shopperRead) chatConnection.read(lastTheirs.id);
  }, [lastTheirs, shopperRead]);
  if (!chat) return null;
  const lastMine = [...lines].reverse().find((line) => line.author === 'shopper');
  const send = (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (text.trim() === '') return;
    chatConnection.send(text);
    setText('');
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) send(event);
  };
  return (
    <>
      <ol className="ks-chat__lines" aria-live="polite" data-testid="chat-lines">
        {lines.map((line) => (
          <li
            key={line.id}
            className={`ks-chat__line ks-chat__line--${line.author}`}
            data-testid="chat-line"
            data-author={line.author}
          >
            <span className="ks-visually-hidden">
              {t(line.author === 'shopper' ? 'chat.you' : 'chat.agent')}:
            </span>
            {line.imageType ? (
              <LineImage line={line} />
            ) : (
              <span dir="auto" data-testid="chat-line-body">
                {line.body}
              </span>
            )}
            {line.id === lastMine?.id && chat.agentRead >= line.id ? (
              <span className="ks-chat__read" data-testid="chat-read">
                {t('chat.read')}
              </span>
            ) : null}
          </li>
        ))}
        {agentTyping ? (
          <li className="ks-chat__typing" data-testid="chat-typing">
            {t('chat.typing')}
          </li>
        ) : null}
        <li ref={end} aria-hidden="true" />
      </ol>
      {error && error.code !== 'api.error.validation' ? (
        <FormAlert testId="chat-error">{errorText(error.code)}</FormAlert>
      ) : null}
      {error?.fields.text ? <FormAlert>{errorText(error.fields.text)}</FormAlert> : null}
      {error?.fields.file ? (
        <FormAlert testId="chat-file-error">{errorText(error.fields.file)}</FormAlert>
      ) : null}
      <NoAgentNotice />
      {chat.status === 'closed' ? (
        <div className="ks-chat__ended">
          {chat.ticketId > 0 ? (
            <p className="ks-chat__notice" data-testid="chat-ticket">
              {t('chat.ticket', { id: chat.ticketId, count: desk?.replyWithinHours ?? 24 })}{' '}
              <Link className="ks-text-link" to={`${paths.mySupport}?id=${String(chat.ticketId)}`}>
                {t('chat.openTicket')}
              </Link>
            </p>
          ) : (
            <>
              <p className="ks-chat__hint">{t('chat.closed')}</p>
              <Rating />
            </>
          )}
          <TranscriptButton />
          <button
            type="button"
            className="ks-button ks-button--ghost"
            onClick={() => chatConnection.forget()}
          >
            {t('chat.startNew')}
          </button>
        </div>
      ) : (
        <form className="ks-chat__composer" onSubmit={send}>
          <label className="ks-visually-hidden" htmlFor="chat-text">
            {t('chat.placeholder')}
          </label>
          <input
            ref={picker}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="ks-visually-hidden"
            tabIndex={-1}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void chatConnection.attach(file);
              event.target.value = '';
            }}
            data-testid="chat-file"
          />
          <button
            type="button"
            className="ks-icon-button ks-chat__attach"
            aria-label={t('chat.attach')}
            disabled={uploading}
            onClick={() => picker.current?.click()}
            data-testid="chat-attach"
          >
            <Paperclip size={18} aria-hidden="true" />
          </button>
          <textarea
            id="chat-text"
            className="ks-input ks-chat__text"
            rows={2}
            maxLength={MAX_TEXT}
            placeholder={t('chat.placeholder')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              chatConnection.typing();
            }}
            onKeyDown={onKey}
            data-testid="chat-text"
          />
          <button
            type="submit"
            className="ks-button ks-button--primary ks-chat__send"
            aria-label={t('chat.send')}
            data-testid="chat-send"
          >
            <Send size={18} aria-hidden="true" className="ks-chat__flip" />
          </button>
        </form>
      )}
    </>
  );
}

/**
 * Live chat on every page: a launcher (with the unread count, also in the page title), and a
 * panel with the conversation. A reload or a dropped connection resumes the conversation.
 */
export function ChatWidget() {
  const { t } = useTranslation();
  const open = useChatStore((state) => state.open);
  const setOpen = useChatStore((state) => state.setOpen);
  const unread = useChatStore((state) => state.unread);
  const chat = useChatStore((state) => state.chat);
  const connected = useChatStore((state) => state.connected);
  useTitleBadge(open ? 0 : unread);
  // A conversation begun before a reload is followed again at once (for its unread lines);
  // the link of an e-mailed answer (`?chat=`) opens the panel.
  useEffect(() => {
    if (chatConnection.hasChat()) chatConnection.start();
    if (new URLSearchParams(window.location.search).has('chat')) {
      chatConnection.start();
      setOpen(true);
    }
  }, [setOpen]);
  const toggle = () => {
    if (!open) {
      chatConnection.start();
      chatConnection.refreshDesk();
    }
    setOpen(!open);
  };
  const status = chat ? t(`chat.status.${chat.status}`) : t('chat.alwaysOpen');
  return (
    <div className="ks-chat" data-testid="chat">
      {open ? (
        <section
          className="ks-chat__panel"
          role="dialog"
          aria-label={t('chat.title')}
          data-testid="chat-panel"
        >
          <header className="ks-chat__head">
            <div>
              <h2 className="ks-chat__title">{t('chat.title')}</h2>
              <p className="ks-chat__status" data-testid="chat-status">
                {connected ? status : t('chat.offline')}
              </p>
            </div>
            <button
              type="button"
              className="ks-icon-button"
              aria-label={t('chat.close')}
              onClick={toggle}
              data-testid="chat-close"
            >
              <X size={20} aria-hidden="true" />
            </button>
          </header>
          {chat ? <Conversation /> : <IntroForm />}
        </section>
      ) : null}
      <button
        type="button"
        className="ks-chat__launcher"
        aria-label={t('chat.open')}
        aria-expanded={open}
        onClick={toggle}
        data-testid="chat-launcher"
      >
        <MessageCircle size={26} aria-hidden="true" />
        {unread > 0 && !open ? (
          <span className="ks-chat__badge" data-testid="chat-unread">
            {unread}
          </span>
        ) : null}
      </button>
    </div>
  );
}
