//! Domain and store types to their proto messages.

use keyshop_core::paging::Paging;
use keyshop_proto::member::v1 as pb;

use crate::domain::address::AddressForm;
use crate::domain::level::Level;
use crate::domain::profile::ProfileForm;
use crate::service::ClientInfo;
use crate::store::addresses::AddressRow;
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

pub fn ticket(row: TicketRow) -> pb::Ticket {
    pb::Ticket {
        id: row.id,
        subject: row.subject,
        status: row.status.to_proto(),
        order_no: row.order_no,
        created_at_ms: row.created_at,
        updated_at_ms: row.updated_at,
        member_id: row.member_id,
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
