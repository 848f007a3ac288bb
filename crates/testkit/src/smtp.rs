//! A small but real SMTP server on loopback that keeps every message.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::Mutex;

/// One message an [`SmtpSink`] received.
#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub from: String,
    pub recipients: Vec<String>,
    pub data: String,
}

/// A small but real SMTP server on loopback that accepts every message.
pub struct SmtpSink {
    addr: SocketAddr,
    messages: Arc<Mutex<Vec<ReceivedMail>>>,
}

impl SmtpSink {
    pub async fn start() -> SmtpSink {
        let listener = match TcpListener::bind("127.0.0.1:0").await {
            Ok(listener) => listener,
            Err(error) => panic!("smtp sink cannot bind: {error}"),
        };
        let addr = listener.local_addr().unwrap_or_else(|error| panic!("smtp sink address: {error}"));
        let messages = Arc::new(Mutex::new(Vec::new()));
        let store = messages.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let store = store.clone();
                tokio::spawn(async move {
                    let _ = serve_smtp(stream, store).await;
                });
            }
        });
        SmtpSink { addr, messages }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub async fn messages(&self) -> Vec<ReceivedMail> {
        self.messages.lock().await.clone()
    }
}

async fn serve_smtp(stream: tokio::net::TcpStream, store: Arc<Mutex<Vec<ReceivedMail>>>) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 sink ESMTP\r\n").await?;
    let mut current = ReceivedMail { from: String::new(), recipients: Vec::new(), data: String::new() };
    while let Some(line) = lines.next_line().await? {
        let upper = line.to_ascii_uppercase();
        if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            write.write_all(b"250-sink\r\n250 8BITMIME\r\n").await?;
        } else if upper.starts_with("MAIL FROM:") {
            current.from = line[10..].trim().trim_matches(['<', '>']).to_owned();
            write.write_all(b"250 OK\r\n").await?;
        } else if upper.starts_with("RCPT TO:") {
            current.recipients.push(line[8..].trim().trim_matches(['<', '>']).to_owned());
            write.write_all(b"250 OK\r\n").await?;
        } else if upper == "DATA" {
            write.write_all(b"354 go ahead\r\n").await?;
            while let Some(data_line) = lines.next_line().await? {
                if data_line == "." {
                    break;
                }
                current.data.push_str(&data_line);
                current.data.push('\n');
            }
            store.lock().await.push(std::mem::replace(
                &mut current,
                ReceivedMail { from: String::new(), recipients: Vec::new(), data: String::new() },
            ));
            write.write_all(b"250 queued\r\n").await?;
        } else if upper == "QUIT" {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            write.write_all(b"250 OK\r\n").await?;
        }
    }
    Ok(())
}
