//! Domain and store types to their proto messages.

use keyshop_core::paging::Paging;
use keyshop_proto::member::v1 as pb;

use crate::domain::address::AddressForm;
use crate::domain::level::Level;
use crate::domain::newsletter::IssueText;
use crate::domain::profile::ProfileForm;
use crate::service::forms_inbox::FormView;
use crate::service::newsletter_issues::IssueView;
use crate::service::{ClientInfo, Customer, CustomerFile};
use crate::store::addresses::AddressRow;
use crate::store::login_history::LoginRow;
use crate::store::members::MemberRow;
use crate::store::tickets::{MessageRow, TicketRow};

pub fn client(client: Option<pb::Client>) -> ClientInfo {
    let client = client.unwrap_or_default();
    ClientInfo { ip: client.ip, user_agent: client.user_agent, language: client.language }
}

pub fn captcha(answer: Option<&pb::CaptchaAnswer>) -> (&str, &str) {
    answer.map_or(("", ""), |answer| (answer.uuid.as_str(), answer.code.as_str()))
}

pub fn page_numbers(paging: Paging) -> (i32, i32) {
    (paging.page as i32, paging.limit as i32)
}

pub fn profile(member: MemberRow) -> pb::Profile {
    pb::Profile {
        email: member.email,
        full_name: member.full_name,
        country: member.country,
        phone: member.phone,
        zip: member.zip,
        address: member.address,
        discord: member.discord,
        telegram: member.telegram,
        whatsapp: member.whatsapp,
        newsletter: member.newsletter,
    }
}

pub fn profile_form(profile: pb::Profile) -> ProfileForm {
    ProfileForm {
        full_name: profile.full_name,
        country: profile.country,
        phone: profile.phone,
        zip: profile.zip,
        address: profile.address,
        discord: profile.discord,
        telegram: profile.telegram,
        whatsapp: profile.whatsapp,
        newsletter: profile.newsletter,
    }
}

pub fn address(row: AddressRow) -> pb::Address {
    pb::Address {
        id: row.id,
        postal: Some(keyshop_proto::common::v1::PostalAddress {
            first_name: row.first_name,
            last_name: row.last_name,
            phone: row.phone,
            address: row.address,
            city: row.city,
            province: row.province,
            zip: row.zip,
            country: row.country,
        }),
        is_default: row.is_default,
    }
}

pub fn address_form(address: pb::Address) -> AddressForm {
    AddressForm { address: address.postal.map(Into::into).unwrap_or_default(), is_default: address.is_default }
}

pub fn level(level: Level) -> pb::Level {
    pb::Level {
        id: level.id,
        name: level.name,
        threshold_usd_cents: level.threshold_usd_cents,
        discount_percent: level.discount_percent,
        points_per_usd: level.points_per_usd,
        exchange_rate: level.exchange_rate,
    }
}

pub fn level_of(level: pb::Level) -> Level {
    Level {
        id: level.id,
        name: level.name,
        threshold_usd_cents: level.threshold_usd_cents,
        discount_percent: level.discount_percent,
        points_per_usd: level.points_per_usd,
        exchange_rate: level.exchange_rate,
    }
}

pub fn ticket(row: TicketRow) -> pb::Ticket {
    pb::Ticket {
        id: row.id,
        subject: row.subject,
        status: row.status.to_proto(),
        order_no: row.order_no,
        created_at_ms: row.created_at,
        updated_at_ms: row.updated_at,
        member_id: row.member_id,
        member_email: String::new(),
    }
}

pub fn thread(ticket_row: TicketRow, messages: Vec<MessageRow>) -> pb::TicketThread {
    pb::TicketThread {
        ticket: Some(ticket(ticket_row)),
        messages: messages
            .into_iter()
            .map(|message| pb::TicketMessage {
                id: message.id,
                author: message.author,
                body: message.body,
                created_at_ms: message.created_at,
            })
            .collect(),
    }
}

pub fn ticket_page(rows: Vec<TicketRow>, total: i64, paging: Paging) -> pb::TicketPage {
    let (page, limit) = page_numbers(paging);
    pb::TicketPage { rows: rows.into_iter().map(ticket).collect(), total, page, limit }
}

pub fn login_record(row: LoginRow) -> pb::LoginRecord {
    pb::LoginRecord {
        id: row.id,
        at_ms: row.at,
        ip: row.ip,
        os: row.os,
        device: row.device,
        browser: row.browser,
        success: row.success,
    }
}

/// A member as staff read them (never the password hash).
pub fn customer(customer: Customer) -> pb::Customer {
    let member = customer.member;
    pb::Customer {
        id: member.id,
        email: member.email,
        full_name: member.full_name,
        country: member.country,
        language: member.language,
        disabled: member.disabled,
        total_consumption_usd: member.total_consumption_usd_cents,
        points: member.points,
        level_name: customer.level.as_ref().map(|level| level.name.clone()).unwrap_or_default(),
        level_discount_percent: customer.level.map_or(0, |level| level.discount_percent),
        created_at_ms: member.created_at,
        version: member.staff_version,
        newsletter: member.newsletter,
    }
}

pub fn customer_file(file: CustomerFile) -> pb::CustomerFile {
    pb::CustomerFile {
        customer: Some(customer(file.customer)),
        sign_ins: file.sign_ins.into_iter().map(login_record).collect(),
        adjustments: file
            .adjustments
            .into_iter()
            .map(|entry| pb::PointsEntry {
                delta: entry.delta,
                reason: entry.reason,
                staff_email: entry.staff_email,
                at_ms: entry.at,
            })
            .collect(),
    }
}

pub fn issue_text(text: pb::NewsletterText) -> IssueText {
    IssueText { language: text.language, subject: text.subject, body: text.body }
}

pub fn newsletter(issue: IssueView) -> pb::Newsletter {
    let progress = issue.progress;
    pb::Newsletter {
        id: issue.row.id,
        status: issue.row.status.as_str().to_owned(),
        created_by: issue.row.created_by,
        created_at_ms: issue.row.created_at,
        updated_at_ms: issue.row.updated_at,
        started_at_ms: issue.row.started_at.unwrap_or_default(),
        finished_at_ms: issue.row.finished_at.unwrap_or_default(),
        version: issue.row.version,
        texts: issue
            .texts
            .into_iter()
            .map(|text| pb::NewsletterText { language: text.language, subject: text.subject, body: text.body })
            .collect(),
        progress: Some(pb::NewsletterProgress {
            total: progress.total,
            sent: progress.sent,
            failed: progress.failed,
            skipped: progress.skipped,
            unknown: progress.unknown,
            waiting: progress.waiting,
        }),
    }
}

pub fn form(view: FormView) -> pb::FormSubmission {
    let row = view.row;
    // Stored as a JSON object of strings by the form's own code.
    let fields: std::collections::HashMap<String, String> = serde_json::from_str(&row.fields).unwrap_or_default();
    pb::FormSubmission {
        id: row.id,
        kind: row.kind,
        email: row.email,
        fields,
        language: row.language,
        created_at_ms: row.created_at,
        status: row.status.as_str().to_owned(),
        version: row.version,
        updated_at_ms: row.updated_at,
        replies: view
            .replies
            .into_iter()
            .map(|reply| pb::FormReply {
                staff_email: reply.staff_email,
                body: reply.body,
                created_at_ms: reply.created_at,
            })
            .collect(),
    }
}
