//! The `chat` scenario of `make bench` (run by `.ci/bench-chat`): a load
//! generator for the live-chat sockets of a running store.
//!
//! N guest shoppers (default 1,000) each open a conversation on
//! `/prod-api/ws/chat` and write a line every few seconds (jittered); M agents
//! (default 20) on `/prod-api/ws/staff`, sharing the staff sessions given, answer
//! them, each conversation always by the same agent, at the agent rate the
//! gateway allows (a burst of 10, then 2 a second). An answer carries the time
//! it was sent (`bench <ns>`), so its shopper measures agent→shopper latency
//! on receipt. The gateway holds at most 20 sockets per client address, so the
//! sockets are spread over loopback source addresses (127.0.0.2 … 127.0.0.60 by
//! default; Linux routes all of 127/8 to `lo`). A shopper whose follow stream
//! is dropped follows again from its last line; a socket that closes
//! reconnects and resumes, as the shop's page does.
//!
//! Prints the sockets held, messages per second each way, latency p50/p99,
//! every error seen, and the store's RSS (`--pid`) before, under load and
//! after. Measures only: nothing here fails on timings.

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::error::Error;
use std::hash::{BuildHasher, RandomState};
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::{Duration, Instant};

use clap::Parser;
use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type BoxError = Box<dyn Error + Send + Sync>;
type Socket = WebSocketStream<TcpStream>;

/// The gateway's limit of sockets per client address.
const SOCKETS_PER_ADDRESS: usize = 20;
/// An agent's pace: just under the gateway's 2 lines a second.
const AGENT_EVERY: Duration = Duration::from_millis(520);
/// The longest wait for an answer frame (`ready`, `opened`).
const ANSWER_WITHIN: Duration = Duration::from_secs(15);

/// An answer slower than this is noted with the time it came (the target p99).
const SLOW: Duration = Duration::from_millis(100);
/// The longest the ramp-up is waited for before the window starts anyway.
const RAMP_WITHIN: Duration = Duration::from_secs(300);

/// The clock every latency is measured on (one process sends and receives).
static EPOCH: LazyLock<Instant> = LazyLock::new(Instant::now);

fn nanos_now() -> u64 {
    u64::try_from(EPOCH.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

#[derive(Debug, Parser)]
#[command(about = "Load on the live-chat sockets of a running keyshop")]
struct Args {
    /// The store, e.g. http://127.0.0.1:8080 (an IP address, as .ci/with-keyshop gives).
    #[arg(long, env = "KEYSHOP_URL")]
    url: String,
    /// Guest shopper sockets.
    #[arg(long, env = "BENCH_CHAT_SHOPPERS", default_value_t = 1000)]
    shoppers: usize,
    /// Agent sockets.
    #[arg(long, env = "BENCH_CHAT_AGENTS", default_value_t = 20)]
    agents: usize,
    /// Staff session tokens (comma-separated); agent i uses token i mod count.
    #[arg(long = "staff-token", env = "BENCH_STAFF_TOKENS", value_delimiter = ',', required = true)]
    staff_tokens: Vec<String>,
    /// Seconds measured once every socket is up.
    #[arg(long, env = "BENCH_CHAT_DURATION", default_value_t = 30)]
    duration: u64,
    /// Seconds between a shopper's lines (each ±20 %).
    #[arg(long, env = "BENCH_CHAT_INTERVAL", default_value_t = 5.0)]
    interval: f64,
    /// The store's process, for its RSS (`/proc/PID/status`).
    #[arg(long, env = "KEYSHOP_PID")]
    pid: Option<u32>,
    /// Last octets of the loopback source addresses, 127.0.0.FIRST to 127.0.0.LAST.
    #[arg(long, default_value_t = 2)]
    first_address: u8,
    #[arg(long, default_value_t = 60)]
    last_address: u8,
    /// Sockets being opened at once during the ramp-up.
    #[arg(long, default_value_t = 32)]
    ramp_concurrency: usize,
}

/// What every socket task adds to.
#[derive(Default)]
struct Stats {
    shoppers_up: AtomicU64,
    agents_up: AtomicU64,
    /// Sockets that never came up.
    setup_failed: AtomicU64,
    /// Lines the shoppers wrote (their `sent` answers).
    shopper_lines: AtomicU64,
    /// Lines the agents wrote (their `sent` answers).
    agent_lines: AtomicU64,
    /// Agent lines that reached their shopper.
    delivered: AtomicU64,
    /// Frames the agents' sockets received.
    agent_frames: AtomicU64,
    /// Follow streams the server dropped and the shopper followed again.
    refollows: AtomicU64,
    /// Sockets that closed under the client (opened again when they can).
    reconnects: AtomicU64,
    /// Sockets closed under the client and not open again yet.
    down: AtomicU64,
    /// Whether the measured window is on (latencies are kept only then).
    measuring: AtomicBool,
    /// Agent→shopper latencies in the window, in microseconds.
    latencies: Mutex<Vec<u64>>,
    /// When answers slower than [`SLOW`] arrived (ns on [`EPOCH`]): a stall shows as a burst.
    slow: Mutex<Vec<u64>>,
    /// Socket set-up (connect, hello, open) times, in microseconds.
    setups: Mutex<Vec<u64>>,
    /// Errors by kind: `error` frames by code, failed connects by message.
    errors: Mutex<BTreeMap<String, u64>>,
}

impl Stats {
    fn error(&self, kind: impl Into<String>) {
        *self.errors.lock().unwrap_or_else(PoisonError::into_inner).entry(kind.into()).or_insert(0) += 1;
    }

    fn counters(&self) -> [u64; 4] {
        [&self.shopper_lines, &self.agent_lines, &self.delivered, &self.agent_frames]
            .map(|counter| counter.load(Ordering::Relaxed))
    }
}

/// Everything a socket task needs.
struct Load {
    server: SocketAddr,
    interval: f64,
    agents: usize,
    stats: Stats,
    /// Turns true when the run is over.
    stop: watch::Receiver<bool>,
}

/// A number in [0, 1), for jitter (std's randomly keyed hasher is random enough).
fn random_unit() -> f64 {
    (RandomState::new().hash_one(nanos_now()) >> 11) as f64 / (1u64 << 53) as f64
}

/// A WebSocket to `path` from the loopback address `source`, greeted with
/// `hello` and `ready`.
async fn greeted(server: SocketAddr, source: Ipv4Addr, path: &str, hello: &Value) -> Result<Socket, BoxError> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((source, 0)))?;
    let stream = socket.connect(server).await?;
    stream.set_nodelay(true)?;
    let request = format!("ws://{server}/prod-api/ws/{path}").into_client_request()?;
    let mut socket = tokio_tungstenite::client_async(request, stream).await?.0;
    send(&mut socket, hello).await?;
    answer(&mut socket, &["ready"]).await?;
    Ok(socket)
}

async fn send(socket: &mut Socket, frame: &Value) -> Result<(), BoxError> {
    Ok(socket.send(Message::text(frame.to_string())).await?)
}

/// The next frame of one of `types`; an `error` frame is an error.
async fn answer(socket: &mut Socket, types: &[&str]) -> Result<Value, BoxError> {
    let wait = async {
        while let Some(message) = socket.next().await {
            let Message::Text(text) = message? else { continue };
            let frame: Value = serde_json::from_str(&text)?;
            let kind = frame["type"].as_str().unwrap_or_default();
            if kind == "error" {
                return Err(format!("error frame {}", frame["code"]).into());
            }
            if types.contains(&kind) {
                return Ok(frame);
            }
        }
        Err(BoxError::from("closed"))
    };
    tokio::time::timeout(ANSWER_WITHIN, wait).await.map_err(|_| format!("no {types:?} in time"))?
}

/// A shopper's conversation, as it resumes it.
struct Conversation {
    chat_id: i64,
    chat_token: String,
    last_line: i64,
}

/// A new guest: socket, hello, open.
async fn open_guest(load: &Load, source: Ipv4Addr, index: usize) -> Result<(Socket, Conversation), BoxError> {
    let mut socket = greeted(load.server, source, "chat", &json!({"type": "hello"})).await?;
    let open = json!({"type": "open", "name": format!("Bench {index}"), "email": format!("bench-{index}@example.com")});
    send(&mut socket, &open).await?;
    let opened = answer(&mut socket, &["opened"]).await?;
    let chat_id = opened["chat"]["id"].as_i64().ok_or("an opened frame without a chat id")?;
    let chat_token = opened["chatToken"].as_str().ok_or("an opened frame without a chat token")?.to_owned();
    Ok((socket, Conversation { chat_id, chat_token, last_line: 0 }))
}

/// The same guest on a new socket, following from its last line.
async fn resume_guest(load: &Load, source: Ipv4Addr, conversation: &Conversation) -> Result<Socket, BoxError> {
    let hello = json!({"type": "hello", "chatToken": conversation.chat_token});
    let mut socket = greeted(load.server, source, "chat", &hello).await?;
    let follow = json!({"type": "follow", "chatId": conversation.chat_id, "after": conversation.last_line});
    send(&mut socket, &follow).await?;
    Ok(socket)
}

/// One shopper: opens a conversation, then writes a line every interval
/// (±20 %) and times the agents' answers, until the run is over.
async fn shopper(load: Arc<Load>, ramp: Arc<Semaphore>, source: Ipv4Addr, index: usize) {
    let started = Instant::now();
    let opened = match ramp.acquire().await {
        Ok(_permit) => open_guest(&load, source, index).await,
        Err(_) => return,
    };
    let (mut socket, mut conversation) = match opened {
        Ok(opened) => opened,
        Err(error) => {
            load.stats.setup_failed.fetch_add(1, Ordering::Relaxed);
            load.stats.error(format!("shopper set-up: {error}"));
            return;
        }
    };
    load.stats.setups.lock().unwrap_or_else(PoisonError::into_inner).push(micros(started.elapsed()));
    load.stats.shoppers_up.fetch_add(1, Ordering::Relaxed);
    let mut stop = load.stop.clone();
    let mut next_line = tokio::time::Instant::now() + Duration::from_secs_f64(load.interval * random_unit());
    let mut written = 0u64;
    loop {
        let alive = tokio::select! {
            _ = stop.changed() => break,
            () = tokio::time::sleep_until(next_line) => {
                next_line += Duration::from_secs_f64(load.interval * (0.8 + 0.4 * random_unit()));
                written += 1;
                let line = json!({"type": "send", "text": format!("bench shopper {index} line {written}")});
                send(&mut socket, &line).await.is_ok()
            }
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) => shopper_frame(&load, &mut socket, &mut conversation, &text).await,
                Some(Ok(_)) => true,
                Some(Err(_)) | None => false,
            },
        };
        if alive {
            continue;
        }
        // The socket closed under us: a new one resumes the conversation.
        let Some(again) = reopen(&load, "shopper", || resume_guest(&load, source, &conversation)).await else { return };
        socket = again;
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), socket.close(None)).await;
}

/// Handles a frame to a shopper; false when the socket cannot go on.
async fn shopper_frame(load: &Load, socket: &mut Socket, conversation: &mut Conversation, text: &str) -> bool {
    let received = nanos_now();
    let Ok(frame) = serde_json::from_str::<Value>(text) else {
        load.stats.error("shopper: a frame that is not JSON");
        return true;
    };
    let line = &frame["line"];
    match frame["type"].as_str().unwrap_or_default() {
        "sent" => {
            load.stats.shopper_lines.fetch_add(1, Ordering::Relaxed);
            conversation.last_line = conversation.last_line.max(line["id"].as_i64().unwrap_or(0));
        }
        "line" => {
            conversation.last_line = conversation.last_line.max(line["id"].as_i64().unwrap_or(0));
            if line["author"] == "agent" {
                load.stats.delivered.fetch_add(1, Ordering::Relaxed);
                let sent = line["body"].as_str().and_then(|body| body.strip_prefix("bench ")?.parse::<u64>().ok());
                if let Some(sent) = sent
                    && load.stats.measuring.load(Ordering::Relaxed)
                {
                    let latency = received.saturating_sub(sent) / 1000;
                    load.stats.latencies.lock().unwrap_or_else(PoisonError::into_inner).push(latency);
                    if latency > micros(SLOW) {
                        load.stats.slow.lock().unwrap_or_else(PoisonError::into_inner).push(received);
                    }
                }
            }
        }
        "error" => {
            let code = frame["code"].as_str().unwrap_or("?");
            load.stats.error(format!("shopper error frame: {code}"));
            // The server dropped the conversation's stream (too slow, or the
            // service went): follow again from the last line, as the page does.
            if code == "api.chat.slow" || code == "api.error.unavailable" {
                load.stats.refollows.fetch_add(1, Ordering::Relaxed);
                let follow = json!({"type": "follow", "chatId": conversation.chat_id, "after": conversation.last_line});
                return send(socket, &follow).await.is_ok();
            }
        }
        _ => {}
    }
    true
}

/// A socket opened again by `open` after one of `who` closed under the
/// client, retried each second; `None` when the run ends first.
async fn reopen<Opening: Future<Output = Result<Socket, BoxError>>>(
    load: &Load,
    who: &str,
    open: impl Fn() -> Opening,
) -> Option<Socket> {
    load.stats.down.fetch_add(1, Ordering::Relaxed);
    load.stats.reconnects.fetch_add(1, Ordering::Relaxed);
    loop {
        if *load.stop.borrow() {
            return None;
        }
        match open().await {
            Ok(socket) => {
                load.stats.down.fetch_sub(1, Ordering::Relaxed);
                return Some(socket);
            }
            Err(error) => load.stats.error(format!("{who} reconnect: {error}")),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// An agent's socket, greeted.
async fn open_agent(load: &Load, source: Ipv4Addr, token: &str) -> Result<Socket, BoxError> {
    greeted(load.server, source, "staff", &json!({"type": "hello", "token": token})).await
}

/// One agent: answers the conversations that are its own (chat id mod the
/// agents), oldest question first, one answer per waiting conversation,
/// at the pace the gateway allows.
async fn agent(load: Arc<Load>, source: Ipv4Addr, index: usize, token: String) {
    let mut socket = match open_agent(&load, source, &token).await {
        Ok(socket) => socket,
        Err(error) => {
            load.stats.setup_failed.fetch_add(1, Ordering::Relaxed);
            load.stats.error(format!("agent set-up: {error}"));
            return;
        }
    };
    load.stats.agents_up.fetch_add(1, Ordering::Relaxed);
    let mut stop = load.stop.clone();
    let mut pending = VecDeque::new();
    let mut queued = HashSet::new();
    let mut pace = tokio::time::interval(AGENT_EVERY);
    pace.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let alive = tokio::select! {
            _ = stop.changed() => break,
            _ = pace.tick() => match pending.pop_front() {
                Some(chat_id) => {
                    queued.remove(&chat_id);
                    let answer = json!({"type": "send", "chatId": chat_id, "text": format!("bench {}", nanos_now())});
                    send(&mut socket, &answer).await.is_ok()
                }
                None => true,
            },
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) => {
                    load.stats.agent_frames.fetch_add(1, Ordering::Relaxed);
                    agent_frame(&load, index, &text, &mut pending, &mut queued);
                    true
                }
                Some(Ok(_)) => true,
                Some(Err(_)) | None => false,
            },
        };
        if alive {
            continue;
        }
        // Dropped (the server drops an agent that falls behind): back, and
        // the questions asked meanwhile come with the next lines.
        let Some(again) = reopen(&load, "agent", || open_agent(&load, source, &token)).await else { return };
        socket = again;
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), socket.close(None)).await;
}

fn agent_frame(load: &Load, index: usize, text: &str, pending: &mut VecDeque<i64>, queued: &mut HashSet<i64>) {
    let Ok(frame) = serde_json::from_str::<Value>(text) else {
        load.stats.error("agent: a frame that is not JSON");
        return;
    };
    match frame["type"].as_str().unwrap_or_default() {
        "sent" => {
            load.stats.agent_lines.fetch_add(1, Ordering::Relaxed);
        }
        "line" if frame["line"]["author"] == "shopper" => {
            let Some(chat_id) = frame["line"]["chatId"].as_i64() else { return };
            let mine = usize::try_from(chat_id).is_ok_and(|id| id % load.agents == index);
            if mine && queued.insert(chat_id) {
                pending.push_back(chat_id);
            }
        }
        "error" => load.stats.error(format!("agent error frame: {}", frame["code"].as_str().unwrap_or("?"))),
        _ => {}
    }
}

fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}

/// The `q` quantile of sorted microseconds, in milliseconds.
fn quantile_ms(sorted: &[u64], q: f64) -> String {
    if sorted.is_empty() {
        return "n/a".to_owned();
    }
    let rank = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    format!("{:.1} ms", sorted[rank] as f64 / 1000.0)
}

/// A field of `/proc/PID/status` (`VmRSS`, `VmHWM`) in kB.
fn proc_kb(pid: Option<u32>, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    let line = status.lines().find(|line| line.starts_with(&format!("{field}:")))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// CPU time a process has used (`/proc/PID/stat`, or `self`), in clock ticks.
fn cpu_ticks(process: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{process}/stat")).ok()?;
    // After the command's `(name)`: state is field 3, utime 14, stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// Cores used between two readings over `seconds` (Linux counts 100 ticks a second).
fn cores(before: Option<u64>, after: Option<u64>, seconds: f64) -> String {
    match (before, after) {
        (Some(before), Some(after)) => format!("{:.2}", after.saturating_sub(before) as f64 / 100.0 / seconds),
        _ => "n/a".to_owned(),
    }
}

fn mb(kb: Option<u64>) -> String {
    kb.map_or_else(|| "n/a".to_owned(), |kb| format!("{:.1} MB", kb as f64 / 1024.0))
}

fn sorted(values: &Mutex<Vec<u64>>) -> Vec<u64> {
    let mut values = values.lock().unwrap_or_else(PoisonError::into_inner).clone();
    values.sort_unstable();
    values
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let args = Args::parse();
    LazyLock::force(&EPOCH);
    let authority = args.url.trim_end_matches('/').rsplit("://").next().unwrap_or_default();
    let server: SocketAddr = authority.parse().map_err(|_| format!("{} is not http://IP:PORT", args.url))?;
    let sources: Vec<Ipv4Addr> =
        (args.first_address..=args.last_address).map(|last| Ipv4Addr::new(127, 0, 0, last)).collect();
    let sockets = args.shoppers + args.agents;
    if args.agents == 0 || args.staff_tokens.is_empty() || sockets > sources.len() * SOCKETS_PER_ADDRESS {
        return Err(format!(
            "{sockets} sockets need at least one agent and token, and {} source addresses (have {})",
            sockets.div_ceil(SOCKETS_PER_ADDRESS),
            sources.len()
        )
        .into());
    }
    // Socket i comes from source address i mod the addresses: at most
    // ceil(sockets / addresses) each.
    let source = |socket: usize| sources[socket % sources.len()];

    let rss_before = proc_kb(args.pid, "VmRSS");
    let (stopping, stop) = watch::channel(false);
    let load = Arc::new(Load { server, interval: args.interval, agents: args.agents, stats: Stats::default(), stop });
    let stats = || &load.stats;
    println!(
        "chat bench: {} shoppers (a line every {} s ±20 %) and {} agents ({} staff sessions) from {} source addresses",
        args.shoppers,
        args.interval,
        args.agents,
        args.staff_tokens.len(),
        sockets.min(sources.len())
    );

    // Agents first, so that every question is heard; then the shoppers.
    let ramp_started = Instant::now();
    let mut tasks = Vec::with_capacity(sockets);
    for index in 0..args.agents {
        let token = args.staff_tokens[index % args.staff_tokens.len()].clone();
        tasks.push(tokio::spawn(agent(load.clone(), source(index), index, token)));
    }
    let ramp = Arc::new(Semaphore::new(args.ramp_concurrency.max(1)));
    for index in 0..args.shoppers {
        tasks.push(tokio::spawn(shopper(load.clone(), ramp.clone(), source(args.agents + index), index)));
    }
    let settled = || {
        stats().shoppers_up.load(Ordering::Relaxed)
            + stats().agents_up.load(Ordering::Relaxed)
            + stats().setup_failed.load(Ordering::Relaxed)
    };
    while settled() < sockets as u64 && ramp_started.elapsed() < RAMP_WITHIN {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let ramp_took = ramp_started.elapsed();
    let rss_up = proc_kb(args.pid, "VmRSS");

    // The measured window.
    stats().measuring.store(true, Ordering::Relaxed);
    let window_started = Instant::now();
    let window_from = nanos_now();
    let counted_before = stats().counters();
    let store_pid = args.pid.map(|pid| pid.to_string());
    let store_cpu = || cpu_ticks(store_pid.as_deref()?);
    let cpu_before = (store_cpu(), cpu_ticks("self"));
    tokio::time::sleep(Duration::from_secs(args.duration)).await;
    let counted_after = stats().counters();
    let cpu_after = (store_cpu(), cpu_ticks("self"));
    let window = window_started.elapsed().as_secs_f64();
    stats().measuring.store(false, Ordering::Relaxed);
    let rss_loaded = proc_kb(args.pid, "VmRSS");
    let (up_shoppers, up_agents) =
        (stats().shoppers_up.load(Ordering::Relaxed), stats().agents_up.load(Ordering::Relaxed));
    let held = up_shoppers + up_agents - stats().down.load(Ordering::Relaxed);

    let _ = stopping.send(true);
    for task in tasks {
        let _ = task.await;
    }
    // The store lets go of the closed sockets' memory.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_after = proc_kb(args.pid, "VmRSS");
    let rss_peak = proc_kb(args.pid, "VmHWM");

    let per_second = |counter: usize| (counted_after[counter] - counted_before[counter]) as f64 / window;
    let (latencies, setups) = (sorted(&stats().latencies), sorted(&stats().setups));
    let growth = match (rss_before, rss_loaded) {
        (Some(before), Some(loaded)) => format!("{:+.1} MB", (loaded as f64 - before as f64) / 1024.0),
        _ => "n/a".to_owned(),
    };
    // Slow answers per second of the window: "12 s ×9" is a stall at 12 s.
    let mut slow_seconds = BTreeMap::new();
    for received in stats().slow.lock().unwrap_or_else(PoisonError::into_inner).iter() {
        *slow_seconds.entry(received.saturating_sub(window_from) / 1_000_000_000).or_insert(0u64) += 1;
    }
    let slow: Vec<String> = slow_seconds.iter().map(|(second, count)| format!("{second} s ×{count}")).collect();
    let errors = stats().errors.lock().unwrap_or_else(PoisonError::into_inner).clone();
    println!(
        "sockets held        {held} of {sockets} at the end of the window ({up_shoppers} shoppers and {up_agents} agents \
         came up in {ramp:.1} s; set-up p50 {setup_p50} p99 {setup_p99})
window              {window:.1} s
shopper lines/s     {shopper:.1}
agent lines/s       {agent:.1} (reaching shoppers {delivered:.1}/s)
agent frames in/s   {frames:.1} (states of every conversation; lines of the waiting ones and its own)
agent→shopper       p50 {p50} p99 {p99} max {max} ({answers} answers)
over {slow_ms} ms        {slow_count} [{slow}] (when, into the window)
CPU (cores of {ncpu}) store {store_cores}, this load generator {own_cores}
store RSS           before {before}, all up {up}, end of window {loaded} ({growth}), after close {after}; peak {peak}
resumed             {refollows} follow streams, {reconnects} sockets
errors              {error_count}",
        ramp = ramp_took.as_secs_f64(),
        setup_p50 = quantile_ms(&setups, 0.5),
        setup_p99 = quantile_ms(&setups, 0.99),
        shopper = per_second(0),
        agent = per_second(1),
        delivered = per_second(2),
        frames = per_second(3),
        p50 = quantile_ms(&latencies, 0.5),
        p99 = quantile_ms(&latencies, 0.99),
        max = quantile_ms(&latencies, 1.0),
        answers = latencies.len(),
        slow_ms = SLOW.as_millis(),
        slow_count = slow_seconds.values().sum::<u64>(),
        slow = slow.join(", "),
        ncpu = std::thread::available_parallelism().map_or(0, usize::from),
        store_cores = cores(cpu_before.0, cpu_after.0, window),
        own_cores = cores(cpu_before.1, cpu_after.1, window),
        before = mb(rss_before),
        up = mb(rss_up),
        loaded = mb(rss_loaded),
        after = mb(rss_after),
        peak = mb(rss_peak),
        refollows = stats().refollows.load(Ordering::Relaxed),
        reconnects = stats().reconnects.load(Ordering::Relaxed),
        error_count = errors.values().sum::<u64>(),
    );
    for (kind, count) in errors {
        println!("  {count:>6}  {kind}");
    }
    Ok(())
}
