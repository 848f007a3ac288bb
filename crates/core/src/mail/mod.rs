//! Outgoing e-mail through lettre: `file://DIR` writes each message as an
//! `.eml` file (the embedded default), `smtp://user:pass@host:port` is plain
//! SMTP and `smtps://…` is SMTP over TLS.

use std::path::PathBuf;

use lettre::message::{Mailbox, Message, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use secrecy::ExposeSecret;

use crate::config::MailConfig;

mod compose;
pub use compose::{Block, Composed, compose, language};

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("invalid MAIL_URL: {0}")]
    Url(String),
    #[error("invalid address: {0}")]
    Address(String),
    #[error("cannot build the message: {0}")]
    Build(String),
    #[error("sending failed: {0}")]
    Send(String),
}

enum Transport {
    File(AsyncFileTransport<Tokio1Executor>),
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

pub struct Mailer {
    transport: Transport,
    from: Mailbox,
}

/// A message to send: plain text and HTML bodies.
pub struct Email<'a> {
    pub to: &'a str,
    pub subject: &'a str,
    pub text: String,
    pub html: String,
}

impl Mailer {
    pub fn from_config(config: &MailConfig) -> Result<Mailer, MailError> {
        let from: Mailbox = config.from.parse().map_err(|_| MailError::Address(config.from.clone()))?;
        let url = config.url.expose_secret();
        let transport = if let Some(dir) = url.strip_prefix("file://") {
            let dir = PathBuf::from(dir);
            std::fs::create_dir_all(&dir).map_err(|error| MailError::Url(format!("{}: {error}", dir.display())))?;
            Transport::File(AsyncFileTransport::new(dir))
        } else {
            Transport::Smtp(smtp_transport(url)?)
        };
        Ok(Mailer { transport, from })
    }

    pub async fn send(&self, email: Email<'_>) -> Result<(), MailError> {
        let to: Mailbox = email.to.parse().map_err(|_| MailError::Address(email.to.to_owned()))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(email.subject)
            .multipart(MultiPart::alternative_plain_html(email.text, email.html))
            .map_err(|error| MailError::Build(error.to_string()))?;
        self.send_message(message).await
    }

    pub async fn send_message(&self, message: Message) -> Result<(), MailError> {
        match &self.transport {
            Transport::File(transport) => {
                transport.send(message).await.map(|_| ()).map_err(|error| MailError::Send(error.to_string()))
            }
            Transport::Smtp(transport) => {
                transport.send(message).await.map(|_| ()).map_err(|error| MailError::Send(error.to_string()))
            }
        }
    }
}

fn smtp_transport(url: &str) -> Result<AsyncSmtpTransport<Tokio1Executor>, MailError> {
    let (tls, rest) = if let Some(rest) = url.strip_prefix("smtps://") {
        (true, rest)
    } else if let Some(rest) = url.strip_prefix("smtp://") {
        (false, rest)
    } else {
        return Err(MailError::Url("scheme must be file://, smtp:// or smtps://".to_owned()));
    };
    let authority = rest.split('/').next().unwrap_or_default();
    let (credentials, host_port) = match authority.rsplit_once('@') {
        Some((user_info, host_port)) => {
            let (user, password) = user_info.split_once(':').unwrap_or((user_info, ""));
            (Some(Credentials::new(percent_decode(user), percent_decode(password))), host_port)
        }
        None => (None, authority),
    };
    let (host, port) = match host_port.rsplit_once(':') {
        Some((host, port)) => {
            (host, Some(port.parse::<u16>().map_err(|_| MailError::Url(format!("bad port {port:?}")))?))
        }
        None => (host_port, None),
    };
    if host.is_empty() {
        return Err(MailError::Url("missing host".to_owned()));
    }
    let mut builder = if tls {
        AsyncSmtpTransport::<Tokio1Executor>::relay(host).map_err(|error| MailError::Url(error.to_string()))?
    } else {
        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
    };
    if let Some(port) = port {
        builder = builder.port(port);
    }
    if let Some(credentials) = credentials {
        builder = builder.credentials(credentials);
    }
    Ok(builder.build())
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%'
            && index + 2 < bytes.len()
            && let Ok(value) = u8::from_str_radix(std::str::from_utf8(&bytes[index + 1..index + 3]).unwrap_or("zz"), 16)
        {
            out.push(value);
            index += 3;
            continue;
        }
        out.push(bytes[index]);
        index += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use keyshop_testkit::SmtpSink;
    use secrecy::SecretString;

    fn email(to: &str) -> Email<'_> {
        Email { to, subject: "Your keys", text: "Hello".to_owned(), html: "<p>Hello</p>".to_owned() }
    }

    #[tokio::test]
    async fn file_transport_writes_an_eml_file() {
        let dir = tempfile::tempdir().unwrap();
        let outbox = dir.path().join("outbox");
        let config = MailConfig {
            url: SecretString::from(format!("file://{}", outbox.display())),
            from: "keyshop <no-reply@keyshop.localhost>".to_owned(),
        };
        Mailer::from_config(&config).unwrap().send(email("buyer@example.com")).await.unwrap();
        let files: Vec<_> = std::fs::read_dir(&outbox).unwrap().map(|entry| entry.unwrap().path()).collect();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].extension().unwrap(), "eml");
        let text = std::fs::read_to_string(&files[0]).unwrap();
        assert!(text.contains("To: buyer@example.com"), "{text}");
        assert!(text.contains("Subject: Your keys"), "{text}");
    }

    #[tokio::test]
    async fn smtp_transport_talks_to_a_real_smtp_server() {
        let sink = SmtpSink::start().await;
        let config = MailConfig {
            url: SecretString::from(format!("smtp://{}", sink.addr())),
            from: "shop@keyshop.localhost".to_owned(),
        };
        Mailer::from_config(&config).unwrap().send(email("member@example.com")).await.unwrap();
        let messages = sink.messages().await;
        assert_eq!(messages.len(), 1);
        assert_eq!(messages[0].recipients, ["member@example.com"]);
        assert!(messages[0].data.contains("Subject: Your keys"));
    }

    #[tokio::test]
    async fn bad_urls_and_addresses_are_refused() {
        for url in ["smtp://", "smtp://host:notaport", "ftp://x"] {
            let config = MailConfig { url: SecretString::from(url.to_owned()), from: "a@b.c".to_owned() };
            assert!(Mailer::from_config(&config).is_err(), "{url}");
        }
        let config = MailConfig {
            url: SecretString::from("smtps://u:p%40ss@smtp.example.com:465".to_owned()),
            from: "a@b.c".to_owned(),
        };
        assert!(Mailer::from_config(&config).is_ok());
        assert_eq!(percent_decode("p%40ss"), "p@ss");
    }
}
