import { create } from 'zustand';

import { useAppStore } from '@/stores/app-store';

/** A conversation as the chat socket sends it. */
export interface ChatView {
  id: number;
  status: 'waiting' | 'active' | 'closed';
  agentRead: number;
  shopperRead: number;
  rating: number | null;
  email: string;
  /** The ticket it became when no agent was there (0: none). */
  ticketId: number;
  /** Answers go to the shopper's e-mail too. */
  byEmail: boolean;
}

/** A line of a conversation. */
export interface ChatLine {
  id: number;
  chatId: number;
  author: 'shopper' | 'agent' | 'system' | 'note';
  body: string;
  createdAt: number;
  /** An attached image's type; empty for text. */
  imageType: string;
}

/** Whether an agent is at the desk, and how soon an e-mail answer comes when none is. */
export interface Desk {
  agentsOnline: boolean;
  replyWithinHours: number;
}

/** What a guest gives before the first message (a member only the order). */
export interface ChatIntro {
  name: string;
  email: string;
  orderNo: string;
}

interface ChatState {
  /** The panel is open. */
  open: boolean;
  /** The socket is up and greeted. */
  connected: boolean;
  chat: ChatView | null;
  /** In order, each once. */
  lines: ChatLine[];
  agentTyping: boolean;
  /** Agent lines that came while the panel was closed. */
  unread: number;
  /** The last error's catalogue key and its fields' keys. */
  error: { code: string; fields: Record<string, string> } | null;
  desk: Desk | null;
  /** The transcript was e-mailed. */
  transcriptSent: boolean;
  /** An image is on its way. */
  uploading: boolean;
  setOpen: (open: boolean) => void;
}

export const useChatStore = create<ChatState>()((set) => ({
  open: false,
  connected: false,
  chat: null,
  lines: [],
  agentTyping: false,
  unread: 0,
  error: null,
  desk: null,
  transcriptSent: false,
  uploading: false,
  setOpen: (open) => set(open ? { open, unread: 0 } : { open }),
}));

/** Where a guest's chat token and the conversation followed are kept. */
const TOKEN_KEY = 'keyshop-chat-token';
const CHAT_KEY = 'keyshop-chat-id';
/** Images a shopper may attach, and their largest size (the server checks both again). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The longest wait before connecting again. */
const MAX_BACKOFF_MS = 15_000;
/** How long "typing…" shows after the last sign of it. */
const TYPING_SHOWN_MS = 4_000;

type Frame = Record<string, unknown> & { type: string };

/**
 * The shopper's chat socket: greets with the member's session or the guest's chat token,
 * follows the conversation from the last line it has (so a reconnect loses and doubles
 * nothing), and connects again after a drop, waiting longer each time.
 */
class ChatConnection {
  private socket: WebSocket | null = null;
  private backoff = 500;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  private lastTyping = 0;
  private wanted = false;

  /**
   * The browser's own word on the network: offline closes the socket at once (a socket
   * can look open long after the network went), online connects again without waiting.
   */
  listen(): void {
    window.addEventListener('offline', () => this.socket?.close());
    window.addEventListener('online', () => {
      this.backoff = 500;
      if (this.wanted) this.start();
    });
  }

  /** Connects (once) and keeps the socket up while the chat is wanted. */
  start(): void {
    this.wanted = true;
    if (this.socket) return;
    const url = `${window.location.origin.replace(/^http/, 'ws')}/prod-api/ws/chat`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      socket.send(
        JSON.stringify({
          type: 'hello',
          token: useAppStore.getState().token ?? '',
          chatToken: window.localStorage.getItem(TOKEN_KEY) ?? '',
        }),
      );
    });
    socket.addEventListener('message', (event: MessageEvent<string>) => {
      this.receive(JSON.parse(event.data) as Frame);
    });
    socket.addEventListener('close', () => {
      this.socket = null;
      useChatStore.setState({ connected: false });
      if (!this.wanted) return;
      const wait = this.backoff;
      this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
      setTimeout(() => this.start(), wait);
    });
  }

  /** Whether a conversation was followed here before (a reload resumes it). */
  hasChat(): boolean {
    return window.localStorage.getItem(CHAT_KEY) !== null;
  }

  openChat(intro: ChatIntro): void {
    this.command({ type: 'open', ...intro });
  }

  send(text: string): void {
    this.command({ type: 'send', text });
    // The next keystroke begins a new message: the agent hears of it at once.
    this.lastTyping = 0;
  }

  /** The shopper has seen the conversation up to line `upTo`. */
  read(upTo: number): void {
    this.command({ type: 'read', upTo });
  }

  rate(stars: number): void {
    this.command({ type: 'rate', stars });
  }

  /** Tells the agent the shopper types (at most once a second within a message). */
  typing(): void {
    const now = Date.now();
    if (now - this.lastTyping < 1000) return;
    this.lastTyping = now;
    this.command({ type: 'typing' });
  }

  /** E-mails the conversation to the shopper. */
  transcript(): void {
    this.command({ type: 'transcript' });
  }

  /** Asks again whether an agent is at the desk. */
  refreshDesk(): void {
    this.command({ type: 'desk' });
  }

  /** The shopper's credentials for the chat's HTTP calls (images). */
  private headers(): Record<string, string> {
    const headers: Record<string, string> = {
      'X-Chat-Token': window.localStorage.getItem(TOKEN_KEY) ?? '',
    };
    const token = useAppStore.getState().token;
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  /** Attaches an image (checked here first: a PNG, JPEG, WebP or GIF of 2 MB at most). */
  async attach(file: File): Promise<void> {
    const chat = useChatStore.getState().chat;
    if (!chat) return;
    const refused = !IMAGE_TYPES.includes(file.type)
      ? 'api.chat.imageType'
      : file.size > MAX_IMAGE_BYTES
        ? 'api.chat.imageTooLarge'
        : null;
    if (refused) {
      useChatStore.setState({ error: { code: 'api.error.validation', fields: { file: refused } } });
      return;
    }
    useChatStore.setState({ uploading: true, error: null });
    try {
      const response = await fetch(`/prod-api/api/chat/${String(chat.id)}/images`, {
        method: 'POST',
        headers: { ...this.headers(), 'Content-Type': 'application/octet-stream' },
        body: file,
      });
      const envelope = (await response.json()) as {
        msgKey: string;
        data: unknown;
      };
      if (response.ok) this.addLine(envelope.data as ChatLine);
      else {
        const data = envelope.data as { fields?: Record<string, string> } | null;
        const fields = data?.fields ?? {};
        useChatStore.setState({ error: { code: envelope.msgKey, fields } });
      }
    } catch {
      useChatStore.setState({ error: { code: 'api.error.unavailable', fields: {} } });
    } finally {
      useChatStore.setState({ uploading: false });
    }
  }

  /** An image of the conversation as an object URL (the call needs the shopper's credentials). */
  async imageUrl(chatId: number, lineId: number): Promise<string> {
    const response = await fetch(`/prod-api/api/chat/${String(chatId)}/images/${String(lineId)}`, {
      headers: this.headers(),
    });
    if (!response.ok) throw new Error(`image ${String(response.status)}`);
    return URL.createObjectURL(await response.blob());
  }

  /** Starts a new conversation after one ended. */
  forget(): void {
    window.localStorage.removeItem(CHAT_KEY);
    useChatStore.setState({
      chat: null,
      lines: [],
      agentTyping: false,
      error: null,
      transcriptSent: false,
    });
  }

  private command(frame: Frame): void {
    useChatStore.setState({ error: null });
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private receive(frame: Frame): void {
    switch (frame.type) {
      case 'ready':
        this.backoff = 500;
        useChatStore.setState({ connected: true, desk: deskOf(frame) });
        this.follow();
        break;
      case 'desk':
        useChatStore.setState({ desk: deskOf(frame) });
        break;
      case 'transcript':
        useChatStore.setState({ transcriptSent: true });
        break;
      case 'opened': {
        const chat = frame.chat as ChatView;
        if (typeof frame.chatToken === 'string' && frame.chatToken !== '') {
          window.localStorage.setItem(TOKEN_KEY, frame.chatToken);
        }
        window.localStorage.setItem(CHAT_KEY, String(chat.id));
        useChatStore.setState({ chat, lines: [] });
        break;
      }
      case 'chat': {
        const chat = frame.chat as ChatView;
        useChatStore.setState({ chat });
        if (chat.status === 'closed') this.wanted = useChatStore.getState().open;
        break;
      }
      case 'line':
      case 'sent':
        this.addLine(frame.line as ChatLine);
        break;
      case 'typing':
        clearTimeout(this.typingTimer);
        useChatStore.setState({ agentTyping: true });
        this.typingTimer = setTimeout(
          () => useChatStore.setState({ agentTyping: false }),
          TYPING_SHOWN_MS,
        );
        break;
      case 'read': {
        const { chat } = useChatStore.getState();
        if (chat) {
          const upTo = Number(frame.upTo);
          const marks = frame.side === 'agent' ? { agentRead: upTo } : { shopperRead: upTo };
          useChatStore.setState({ chat: { ...chat, ...marks } });
        }
        break;
      }
      case 'error': {
        const code = String(frame.code);
        const fields = (frame.fields ?? {}) as Record<string, string>;
        // A conversation that is not this visitor's any more: start afresh.
        if (code === 'api.error.notFound') this.forget();
        // The stream behind the socket ended (too slow, or its server stopped): follow again.
        if (code === 'api.chat.slow' || code === 'api.error.unavailable') {
          setTimeout(() => this.follow(), 500);
          return;
        }
        useChatStore.setState({ error: { code, fields } });
        break;
      }
      default:
        break;
    }
  }

  /** Follows the conversation kept here from the last line shown (nothing lost or twice). */
  private follow(): void {
    const chatId = Number(window.localStorage.getItem(CHAT_KEY));
    if (chatId <= 0) return;
    const after = useChatStore.getState().lines.at(-1)?.id ?? 0;
    this.command({ type: 'follow', chatId, after });
  }

  /** Adds a line once, in order; an agent's line while the panel is closed is unread. */
  private addLine(line: ChatLine): void {
    const { lines, open, unread } = useChatStore.getState();
    if (lines.some((known) => known.id === line.id)) return;
    const next = [...lines, line].sort((a, b) => a.id - b.id);
    const fromAgent = line.author === 'agent';
    useChatStore.setState({
      lines: next,
      agentTyping: fromAgent ? false : useChatStore.getState().agentTyping,
      unread: fromAgent && !open ? unread + 1 : unread,
    });
  }
}

function deskOf(frame: Frame): Desk {
  return {
    agentsOnline: frame.agentsOnline !== false,
    replyWithinHours: Number(frame.replyWithinHours ?? 0),
  };
}

export const chatConnection = new ChatConnection();
chatConnection.listen();
