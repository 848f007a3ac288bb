import { create } from 'zustand';

import { useStaffStore } from './staff-store';

/** A conversation as the agents' socket sends it. */
export interface AgentChat {
  id: number;
  status: 'waiting' | 'active' | 'closed';
  memberId: number | null;
  name: string;
  email: string;
  orderNo: string;
  language: string;
  agentId: number | null;
  shopperRead: number;
  agentRead: number;
  createdAt: number;
  updatedAt: number;
  /** The ticket it became when no agent was there (0: none). */
  ticketId: number;
  /** Answers go to the shopper's e-mail too. */
  byEmail: boolean;
}

export interface AgentLine {
  id: number;
  chatId: number;
  author: 'shopper' | 'agent' | 'note' | 'system';
  body: string;
  createdAt: number;
  /** An attached image's type; empty for text. */
  imageType: string;
}

export const INBOXES = ['waiting', 'mine', 'all'] as const;
export type InboxName = (typeof INBOXES)[number];

/** Online takes new conversations; away keeps one's own. */
export type Presence = 'online' | 'away';
const PRESENCE_KEY = 'keyshop-agent-presence';

function storedPresence(): Presence {
  return window.localStorage.getItem(PRESENCE_KEY) === 'away' ? 'away' : 'online';
}

interface AgentChatState {
  connected: boolean;
  staffId: number;
  inboxes: Record<InboxName, AgentChat[]>;
  selected: number | null;
  chat: AgentChat | null;
  lines: AgentLine[];
  /** When the shopper of each conversation last typed (epoch ms). */
  typing: Record<number, number>;
  error: string | null;
  presence: Presence;
}

export const useAgentChat = create<AgentChatState>()(() => ({
  connected: false,
  staffId: 0,
  inboxes: { waiting: [], mine: [], all: [] },
  selected: null,
  chat: null,
  lines: [],
  typing: {},
  error: null,
  presence: storedPresence(),
}));

type Frame = Record<string, unknown> & { type: string };

/**
 * The agent's chat socket: greets with the staff session, keeps the three inboxes and the
 * open conversation current from the events of every conversation, and connects again
 * after a drop.
 */
class AgentConnection {
  private socket: WebSocket | null = null;
  private wanted = false;
  private backoff = 500;

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

  start(): void {
    this.wanted = true;
    if (this.socket) return;
    const socket = new WebSocket(
      `${window.location.origin.replace(/^http/, 'ws')}/prod-api/ws/staff`,
    );
    this.socket = socket;
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ type: 'hello', token: useStaffStore.getState().token ?? '' }));
    });
    socket.addEventListener('message', (event: MessageEvent<string>) => {
      this.receive(JSON.parse(event.data) as Frame);
    });
    socket.addEventListener('close', () => {
      this.socket = null;
      useAgentChat.setState({ connected: false });
      if (!this.wanted) return;
      const wait = this.backoff;
      this.backoff = Math.min(this.backoff * 2, 15_000);
      setTimeout(() => this.start(), wait);
    });
  }

  stop(): void {
    this.wanted = false;
    this.socket?.close();
  }

  /** Opens conversation `chatId`: its lines (which marks them read). */
  select(chatId: number): void {
    useAgentChat.setState({ selected: chatId, chat: null, lines: [], error: null });
    this.send({ type: 'lines', chatId, after: 0 });
  }

  claim(chatId: number): void {
    this.send({ type: 'claim', chatId });
  }

  close(chatId: number): void {
    this.send({ type: 'close', chatId });
  }

  write(chatId: number, text: string, note: boolean): void {
    this.send({ type: 'send', chatId, text, note });
  }

  typing(chatId: number): void {
    this.send({ type: 'typing', chatId });
  }

  /** Transfers conversation `chatId` to agent `staffId`. */
  transfer(chatId: number, staffId: number): void {
    this.send({ type: 'transfer', chatId, staffId });
  }

  /** Online (given new conversations) or away; kept for the next visit. */
  setPresence(presence: Presence): void {
    window.localStorage.setItem(PRESENCE_KEY, presence);
    useAgentChat.setState({ presence });
    this.send({ type: 'presence', presence });
  }

  private refreshInboxes(): void {
    for (const inbox of INBOXES) this.send({ type: 'inbox', inbox });
  }

  private send(frame: Frame): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private receive(frame: Frame): void {
    const state = useAgentChat.getState();
    switch (frame.type) {
      case 'ready':
        this.backoff = 500;
        useAgentChat.setState({ connected: true, staffId: Number(frame.staffId) });
        this.send({ type: 'presence', presence: state.presence });
        this.refreshInboxes();
        if (state.selected !== null) this.select(state.selected);
        break;
      case 'inbox':
        useAgentChat.setState({
          inboxes: { ...state.inboxes, [frame.inbox as InboxName]: frame.rows as AgentChat[] },
        });
        break;
      case 'thread': {
        const chat = frame.chat as AgentChat;
        if (chat.id !== state.selected) break;
        this.addLines(chat, frame.lines as AgentLine[]);
        break;
      }
      case 'chat': {
        const chat = frame.chat as AgentChat;
        if (chat.id === state.selected) useAgentChat.setState({ chat });
        this.refreshInboxes();
        break;
      }
      case 'line':
      case 'sent': {
        const line = frame.line as AgentLine;
        if (line.chatId !== state.selected || !state.chat) break;
        this.addLines(state.chat, [line]);
        // A shopper's line seen here is read: asking for it marks it so.
        if (line.author === 'shopper')
          this.send({ type: 'lines', chatId: line.chatId, after: line.id - 1 });
        break;
      }
      case 'typing':
        useAgentChat.setState({ typing: { ...state.typing, [Number(frame.chatId)]: Date.now() } });
        break;
      case 'read':
        if (state.chat?.id === Number(frame.chatId) && frame.side === 'shopper') {
          useAgentChat.setState({ chat: { ...state.chat, shopperRead: Number(frame.upTo) } });
        }
        break;
      case 'error':
        useAgentChat.setState({ error: String(frame.code) });
        break;
      default:
        break;
    }
  }

  private addLines(chat: AgentChat, added: AgentLine[]): void {
    const known = new Map(useAgentChat.getState().lines.map((line) => [line.id, line]));
    for (const line of added) known.set(line.id, line);
    const lines = [...known.values()].sort((a, b) => a.id - b.id);
    const { typing } = useAgentChat.getState();
    const shopperWrote = added.some((line) => line.author === 'shopper');
    useAgentChat.setState({
      chat,
      lines,
      typing: shopperWrote ? { ...typing, [chat.id]: 0 } : typing,
    });
  }
}

export const agentConnection = new AgentConnection();
agentConnection.listen();
