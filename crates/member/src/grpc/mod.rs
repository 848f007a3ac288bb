//! The tonic adapter: proto in, use case, proto out. The session token comes
//! from the `authorization` metadata, never from a message.

pub mod chat;
mod convert;
pub mod staff;

use std::sync::Arc;

use keyshop_core::error::AppError;
use keyshop_core::grpc::bearer;
use keyshop_core::ids::MemberId;
use keyshop_core::vocab::TicketStatus;
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::member_service_server::MemberService as MemberApi;
use tonic::{Request, Response, Status};

use crate::domain::account::RegisterForm;
use crate::domain::forms;
use crate::service::{Caller, MemberService};

pub struct MemberGrpc {
    pub service: Arc<MemberService>,
}

type Answer<T> = Result<Response<T>, Status>;

fn ok<T>(message: T) -> Answer<T> {
    Ok(Response::new(message))
}

impl MemberGrpc {
    async fn caller<T>(&self, request: &Request<T>) -> Result<Caller, Status> {
        Ok(self.service.caller(bearer(request).as_deref()).await?)
    }
}

#[tonic::async_trait]
impl MemberApi for MemberGrpc {
    async fn create_captcha(&self, request: Request<pb::CreateCaptchaRequest>) -> Answer<pb::Captcha> {
        let client = convert::client(request.into_inner().client);
        let (uuid, png) = self.service.create_captcha(&client).await?;
        ok(pb::Captcha { uuid, png })
    }

    async fn register(&self, request: Request<pb::RegisterRequest>) -> Answer<pb::RegisterResponse> {
        let request = request.into_inner();
        let form = RegisterForm {
            email: request.email,
            full_name: request.full_name,
            password: request.password,
            confirm_password: request.confirm_password,
            agree_terms: request.agree_terms,
            newsletter: request.newsletter,
        };
        let client = convert::client(request.client);
        let member_id = self.service.register(&form, convert::captcha(request.captcha.as_ref()), &client).await?;
        ok(pb::RegisterResponse { member_id })
    }

    async fn login(&self, request: Request<pb::LoginRequest>) -> Answer<pb::LoginResponse> {
        let request = request.into_inner();
        let client = convert::client(request.client);
        let session = self
            .service
            .login(&request.account, &request.password, convert::captcha(request.captcha.as_ref()), &client)
            .await?;
        ok(pb::LoginResponse { token: session.token, expires_at_ms: session.expires_at_ms })
    }

    async fn logout(&self, request: Request<pb::Empty>) -> Answer<pb::Empty> {
        self.service.logout(bearer(&request).as_deref()).await?;
        ok(pb::Empty {})
    }

    async fn get_info(&self, request: Request<pb::Empty>) -> Answer<pb::MemberInfo> {
        let caller = self.caller(&request).await?;
        let info = self.service.info(&caller).await?;
        let member = info.member;
        ok(pb::MemberInfo {
            id: member.id,
            email: member.email,
            full_name: member.full_name,
            country: member.country,
            newsletter: member.newsletter,
            level_name: info.level_name,
            points: member.points,
            created_at_ms: member.created_at,
            points_exchange_rate: info.points_exchange_rate,
        })
    }

    async fn authenticate(&self, request: Request<pb::Empty>) -> Answer<pb::SessionMember> {
        let caller = self.caller(&request).await?;
        let levels = self.service.levels().await?;
        let level = levels.iter().find(|level| level.id == caller.level_id);
        ok(pb::SessionMember {
            member_id: caller.member_id,
            email: caller.email,
            full_name: caller.full_name,
            discount_percent: level.map_or(0, |level| level.discount_percent),
            points_exchange_rate: level.map_or(0, |level| level.exchange_rate),
        })
    }

    async fn check_session(&self, request: Request<pb::CheckSessionRequest>) -> Answer<pb::SessionState> {
        let state = self.service.check_session(bearer(&request).as_deref()).await?;
        ok(pb::SessionState { state: state.state, is_success: state.is_success })
    }

    async fn save_visit(&self, request: Request<pb::SaveVisitRequest>) -> Answer<pb::Empty> {
        let token = bearer(&request);
        let request = request.into_inner();
        let client = convert::client(request.client);
        self.service
            .save_visit(token.as_deref(), &request.to_url, &request.from_url, &request.site_host, &client)
            .await?;
        ok(pb::Empty {})
    }

    async fn forgot_password(&self, request: Request<pb::ForgotPasswordRequest>) -> Answer<pb::Empty> {
        let request = request.into_inner();
        let client = convert::client(request.client);
        self.service.forgot_password(&request.email, convert::captcha(request.captcha.as_ref()), &client).await?;
        ok(pb::Empty {})
    }

    async fn verify_reset_code(
        &self,
        request: Request<pb::VerifyResetCodeRequest>,
    ) -> Answer<pb::VerifyResetCodeResponse> {
        let request = request.into_inner();
        let reset_token = self.service.verify_reset_code(&request.email, &request.code).await?;
        ok(pb::VerifyResetCodeResponse { reset_token })
    }

    async fn reset_password(&self, request: Request<pb::ResetPasswordRequest>) -> Answer<pb::Empty> {
        let request = request.into_inner();
        let client = convert::client(request.client);
        self.service
            .reset_password(&request.reset_token, &request.password, &request.confirm_password, &client)
            .await?;
        ok(pb::Empty {})
    }

    async fn get_profile(&self, request: Request<pb::Empty>) -> Answer<pb::Profile> {
        let caller = self.caller(&request).await?;
        ok(convert::profile(self.service.profile(&caller).await?))
    }

    async fn update_profile(&self, request: Request<pb::Profile>) -> Answer<pb::Profile> {
        let caller = self.caller(&request).await?;
        let form = convert::profile_form(request.into_inner());
        ok(convert::profile(self.service.update_profile(&caller, &form).await?))
    }

    async fn change_password(&self, request: Request<pb::ChangePasswordRequest>) -> Answer<pb::Empty> {
        let caller = self.caller(&request).await?;
        let request = request.into_inner();
        self.service
            .change_password(&caller, &request.old_password, &request.password, &request.confirm_password)
            .await?;
        ok(pb::Empty {})
    }

    async fn list_login_history(&self, request: Request<pb::PageRequest>) -> Answer<pb::LoginHistoryPage> {
        let caller = self.caller(&request).await?;
        let request = request.into_inner();
        let (rows, total, paging) = self.service.login_history(&caller, request.page, request.limit).await?;
        let (page, limit) = convert::page_numbers(paging);
        ok(pb::LoginHistoryPage { rows: rows.into_iter().map(convert::login_record).collect(), total, page, limit })
    }

    async fn list_countries(&self, _: Request<pb::Empty>) -> Answer<pb::CountryList> {
        ok(pb::CountryList {
            countries: keyshop_core::postal::country::all()
                .iter()
                .map(|country| pb::Country {
                    code: country.code.clone(),
                    dial_code: country.dial_code.clone(),
                    zip_example: country.zip_example.clone(),
                })
                .collect(),
        })
    }

    async fn list_addresses(&self, request: Request<pb::Empty>) -> Answer<pb::AddressList> {
        let caller = self.caller(&request).await?;
        let addresses = self.service.addresses(&caller).await?;
        ok(pb::AddressList { addresses: addresses.into_iter().map(convert::address).collect() })
    }

    async fn create_address(&self, request: Request<pb::Address>) -> Answer<pb::IdResponse> {
        let caller = self.caller(&request).await?;
        let form = convert::address_form(request.into_inner());
        ok(pb::IdResponse { id: self.service.create_address(&caller, &form).await? })
    }

    async fn update_address(&self, request: Request<pb::Address>) -> Answer<pb::Empty> {
        let caller = self.caller(&request).await?;
        let address = request.into_inner();
        let id = address.id;
        self.service.update_address(&caller, id, &convert::address_form(address)).await?;
        ok(pb::Empty {})
    }

    async fn delete_address(&self, request: Request<pb::IdRequest>) -> Answer<pb::Empty> {
        let caller = self.caller(&request).await?;
        self.service.delete_address(&caller, request.into_inner().id).await?;
        ok(pb::Empty {})
    }

    async fn set_default_address(&self, request: Request<pb::IdRequest>) -> Answer<pb::Empty> {
        let caller = self.caller(&request).await?;
        self.service.set_default_address(&caller, request.into_inner().id).await?;
        ok(pb::Empty {})
    }

    async fn list_wishlist(&self, request: Request<pb::PageRequest>) -> Answer<pb::WishlistPage> {
        let caller = self.caller(&request).await?;
        let request = request.into_inner();
        let (items, total, paging) = self.service.wishlist(&caller, request.page, request.limit).await?;
        let (page, limit) = convert::page_numbers(paging);
        ok(pb::WishlistPage {
            rows: items
                .into_iter()
                .map(|item| pb::WishlistItem {
                    product_id: item.product_id,
                    added_at_ms: item.added_at_ms,
                    card: item.card,
                })
                .collect(),
            total,
            page,
            limit,
        })
    }

    async fn list_wishlist_ids(&self, request: Request<pb::Empty>) -> Answer<pb::IdList> {
        let caller = self.caller(&request).await?;
        ok(pb::IdList { ids: self.service.wishlist_ids(&caller).await? })
    }

    async fn add_to_wishlist(&self, request: Request<pb::IdRequest>) -> Answer<pb::Empty> {
        let caller = self.caller(&request).await?;
        self.service.add_to_wishlist(&caller, request.into_inner().id).await?;
        ok(pb::Empty {})
    }

    async fn remove_from_wishlist(&self, request: Request<pb::IdRequest>) -> Answer<pb::Empty> {
        let caller = self.caller(&request).await?;
        self.service.remove_from_wishlist(&caller, request.into_inner().id).await?;
        ok(pb::Empty {})
    }

    async fn list_notices(&self, request: Request<pb::PageRequest>) -> Answer<pb::NoticePage> {
        let caller = self.caller(&request).await?;
        let request = request.into_inner();
        let (rows, total, paging) =
            self.service.notices(&caller, request.page, request.limit, &request.language).await?;
        let (page, limit) = convert::page_numbers(paging);
        ok(pb::NoticePage {
            rows: rows
                .into_iter()
                .map(|row| pb::Notice {
                    id: row.id,
                    title: row.title,
                    content: row.content,
                    created_at_ms: row.created_at,
                    read: row.read_at.is_some(),
                })
                .collect(),
            total,
            page,
            limit,
        })
    }

    async fn count_unread_notices(&self, request: Request<pb::Empty>) -> Answer<pb::Count> {
        let caller = self.caller(&request).await?;
        ok(pb::Count { count: self.service.unread_notices(&caller).await? })
    }

    async fn mark_notice_read(&self, request: Request<pb::IdRequest>) -> Answer<pb::Empty> {
        let caller = self.caller(&request).await?;
        self.service.mark_notice_read(&caller, request.into_inner().id).await?;
        ok(pb::Empty {})
    }

    async fn send_notice(&self, request: Request<pb::SendNoticeRequest>) -> Answer<pb::IdResponse> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let member = request
            .member_id
            .map(|id| MemberId::new(id).ok_or_else(|| AppError::field("memberId", "api.field.invalid")))
            .transpose()?;
        let texts = request.texts.into_iter().map(|text| (text.language, text.title, text.content)).collect();
        let id = self.service.send_notice(member, &request.title, &request.content, texts, Some(actor)).await?;
        ok(pb::IdResponse { id })
    }

    async fn list_levels(&self, _: Request<pb::Empty>) -> Answer<pb::LevelList> {
        let levels = self.service.levels().await?;
        ok(pb::LevelList { levels: levels.into_iter().map(convert::level).collect() })
    }

    async fn get_level_info(&self, request: Request<pb::IdRequest>) -> Answer<pb::LevelInfo> {
        let caller = self.caller(&request).await?;
        let info = self.service.level_info(&caller, request.into_inner().id).await?;
        ok(pb::LevelInfo {
            level: Some(convert::level(info.level)),
            total_consumption_usd_cents: info.total_consumption_usd_cents,
            points: info.points,
            next_level: info.next_level.map(convert::level),
            amount_to_next_usd_cents: info.amount_to_next_usd_cents,
        })
    }

    async fn spend_points(&self, request: Request<pb::SpendPointsRequest>) -> Answer<pb::SpentPoints> {
        let token = bearer(&request);
        let request = request.into_inner();
        let points = self.service.spend_points(token.as_deref(), &request.order_no, request.points).await?;
        ok(pb::SpentPoints { points })
    }

    async fn return_points(&self, request: Request<pb::ReturnPointsRequest>) -> Answer<pb::Empty> {
        self.service.return_points(&request.into_inner().order_no).await?;
        ok(pb::Empty {})
    }

    async fn submit_sale_form(&self, request: Request<pb::SaleForm>) -> Answer<pb::Empty> {
        let form = request.into_inner();
        let submission = forms::SaleForm {
            name: form.name,
            email: form.email,
            confirm_email: form.confirm_email,
            region: form.region,
            description: form.description,
        }
        .validate();
        self.service.submit_form(submission, &convert::client(form.client)).await?;
        ok(pb::Empty {})
    }

    async fn submit_wholesale_form(&self, request: Request<pb::WholesaleForm>) -> Answer<pb::Empty> {
        let form = request.into_inner();
        let submission = forms::WholesaleForm {
            company: form.company,
            contact_name: form.contact_name,
            email: form.email,
            products: form.products,
            quantities: form.quantities,
            message: form.message,
        }
        .validate();
        self.service.submit_form(submission, &convert::client(form.client)).await?;
        ok(pb::Empty {})
    }

    async fn submit_affiliate_form(&self, request: Request<pb::AffiliateForm>) -> Answer<pb::Empty> {
        let form = request.into_inner();
        let submission = forms::AffiliateForm {
            name: form.name,
            email: form.email,
            website: form.website,
            audience: form.audience,
            message: form.message,
        }
        .validate();
        self.service.submit_form(submission, &convert::client(form.client)).await?;
        ok(pb::Empty {})
    }

    async fn submit_feedback_form(&self, request: Request<pb::FeedbackForm>) -> Answer<pb::Empty> {
        let form = request.into_inner();
        let submission = forms::FeedbackForm { name: form.name, email: form.email, message: form.message }.validate();
        self.service.submit_form(submission, &convert::client(form.client)).await?;
        ok(pb::Empty {})
    }

    async fn subscribe_newsletter(&self, request: Request<pb::SubscribeRequest>) -> Answer<pb::Empty> {
        let request = request.into_inner();
        self.service.subscribe_newsletter(&request.email, &convert::client(request.client), true).await?;
        ok(pb::Empty {})
    }

    async fn confirm_newsletter(&self, request: Request<pb::TokenRequest>) -> Answer<pb::Empty> {
        self.service.confirm_newsletter(&request.into_inner().token).await?;
        ok(pb::Empty {})
    }

    async fn unsubscribe_newsletter(&self, request: Request<pb::TokenRequest>) -> Answer<pb::Empty> {
        self.service.unsubscribe_newsletter(&request.into_inner().token).await?;
        ok(pb::Empty {})
    }

    async fn staff_list_newsletters(&self, request: Request<pb::PageRequest>) -> Answer<pb::NewsletterPage> {
        let request = request.into_inner();
        let (rows, total, paging, audience) = self.service.staff_newsletters(request.page, request.limit).await?;
        ok(pb::NewsletterPage {
            rows: rows.into_iter().map(convert::newsletter).collect(),
            total,
            page: paging.page as i32,
            limit: paging.limit as i32,
            audience,
        })
    }

    async fn staff_get_newsletter(&self, request: Request<pb::IdRequest>) -> Answer<pb::Newsletter> {
        ok(convert::newsletter(self.service.staff_newsletter(request.into_inner().id).await?))
    }

    async fn staff_save_newsletter(&self, request: Request<pb::SaveNewsletterRequest>) -> Answer<pb::Newsletter> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let texts = request.texts.into_iter().map(convert::issue_text).collect();
        ok(convert::newsletter(self.service.save_newsletter(request.id, request.version, texts, actor).await?))
    }

    async fn staff_send_newsletter(&self, request: Request<pb::SendNewsletterRequest>) -> Answer<pb::Newsletter> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        ok(convert::newsletter(self.service.start_newsletter(request.id, request.version, actor).await?))
    }

    async fn staff_list_levels(&self, _request: Request<pb::Empty>) -> Answer<pb::StaffLevels> {
        let (levels, version) = self.service.staff_levels().await?;
        ok(pb::StaffLevels { levels: levels.into_iter().map(convert::level).collect(), version })
    }

    async fn staff_save_levels(&self, request: Request<pb::SaveLevelsRequest>) -> Answer<pb::StaffLevels> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let table = request.levels.into_iter().map(convert::level_of).collect();
        let (levels, version) = self.service.save_levels(&request.version, table, actor).await?;
        ok(pb::StaffLevels { levels: levels.into_iter().map(convert::level).collect(), version })
    }

    async fn staff_list_forms(&self, request: Request<pb::ListFormsRequest>) -> Answer<pb::FormPage> {
        let request = request.into_inner();
        let (rows, total, paging) =
            self.service.staff_forms(&request.kind, &request.status, request.page, request.limit).await?;
        ok(pb::FormPage {
            rows: rows.into_iter().map(convert::form).collect(),
            total,
            page: paging.page as i32,
            limit: paging.limit as i32,
        })
    }

    async fn staff_get_form(&self, request: Request<pb::IdRequest>) -> Answer<pb::FormSubmission> {
        ok(convert::form(self.service.staff_form(request.into_inner().id).await?))
    }

    async fn staff_reply_form(&self, request: Request<pb::ReplyFormRequest>) -> Answer<pb::FormSubmission> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        ok(convert::form(self.service.reply_form(request.id, request.version, &request.body, actor).await?))
    }

    async fn staff_set_form_status(&self, request: Request<pb::SetFormStatusRequest>) -> Answer<pb::FormSubmission> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        ok(convert::form(self.service.set_form_status(request.id, request.version, &request.status, actor).await?))
    }

    async fn list_tickets(&self, request: Request<pb::PageRequest>) -> Answer<pb::TicketPage> {
        let caller = self.caller(&request).await?;
        let request = request.into_inner();
        let (rows, total, paging) = self.service.tickets(&caller, request.page, request.limit).await?;
        ok(convert::ticket_page(rows, total, paging))
    }

    async fn open_ticket(&self, request: Request<pb::OpenTicketRequest>) -> Answer<pb::IdResponse> {
        let caller = self.caller(&request).await?;
        let request = request.into_inner();
        let id = self.service.open_ticket(&caller, &request.subject, &request.message, &request.order_no).await?;
        ok(pb::IdResponse { id })
    }

    async fn get_ticket(&self, request: Request<pb::IdRequest>) -> Answer<pb::TicketThread> {
        let caller = self.caller(&request).await?;
        let (ticket, messages) = self.service.ticket(Some(&caller), request.into_inner().id).await?;
        ok(convert::thread(ticket, messages))
    }

    async fn post_ticket_message(&self, request: Request<pb::TicketMessageRequest>) -> Answer<pb::IdResponse> {
        let caller = self.caller(&request).await?;
        let request = request.into_inner();
        ok(pb::IdResponse { id: self.service.post_ticket_message(&caller, request.ticket_id, &request.body).await? })
    }

    async fn close_ticket(&self, request: Request<pb::IdRequest>) -> Answer<pb::Empty> {
        let caller = self.caller(&request).await?;
        self.service.close_ticket(&caller, request.into_inner().id).await?;
        ok(pb::Empty {})
    }

    async fn staff_list_tickets(&self, request: Request<pb::StaffListTicketsRequest>) -> Answer<pb::TicketPage> {
        let request = request.into_inner();
        let status = request
            .status
            .map(|status| TicketStatus::from_proto(status).map_err(|_| AppError::field("status", "api.field.invalid")))
            .transpose()?;
        let (rows, emails, total, paging) = self.service.staff_tickets(status, request.page, request.limit).await?;
        let mut page = convert::ticket_page(rows, total, paging);
        for ticket in &mut page.rows {
            ticket.member_email = emails.get(&ticket.member_id).cloned().unwrap_or_default();
        }
        ok(page)
    }

    async fn staff_get_ticket(&self, request: Request<pb::IdRequest>) -> Answer<pb::TicketThread> {
        let (ticket, messages, email) = self.service.staff_ticket(request.into_inner().id).await?;
        let mut thread = convert::thread(ticket, messages);
        if let Some(ticket) = thread.ticket.as_mut() {
            ticket.member_email = email;
        }
        ok(thread)
    }

    async fn staff_reply_ticket(&self, request: Request<pb::TicketMessageRequest>) -> Answer<pb::IdResponse> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        ok(pb::IdResponse { id: self.service.staff_reply_ticket(request.ticket_id, &request.body, actor).await? })
    }

    async fn staff_close_ticket(&self, request: Request<pb::IdRequest>) -> Answer<pb::Empty> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        self.service.staff_close_ticket(request.into_inner().id, actor).await?;
        ok(pb::Empty {})
    }

    async fn staff_search_members(&self, request: Request<pb::StaffMemberQuery>) -> Answer<pb::CustomerPage> {
        let query = request.into_inner();
        let (rows, total, paging) = self.service.staff_customers(&query.text, query.page, query.limit).await?;
        let (page, limit) = convert::page_numbers(paging);
        ok(pb::CustomerPage { rows: rows.into_iter().map(convert::customer).collect(), total, page, limit })
    }

    async fn staff_get_member(&self, request: Request<pb::IdRequest>) -> Answer<pb::CustomerFile> {
        ok(convert::customer_file(self.service.staff_customer(request.into_inner().id).await?))
    }

    async fn staff_set_member_state(&self, request: Request<pb::MemberStateChange>) -> Answer<pb::CustomerFile> {
        let staff = keyshop_core::identity::staff(&request)?.clone();
        let change = request.into_inner();
        let file = self.service.staff_set_disabled(change.id, change.disabled, change.version, &staff).await?;
        ok(convert::customer_file(file))
    }

    async fn staff_adjust_points(&self, request: Request<pb::PointsChange>) -> Answer<pb::CustomerFile> {
        let staff = keyshop_core::identity::staff(&request)?.clone();
        let change = request.into_inner();
        let file =
            self.service.staff_adjust_points(change.id, change.delta, &change.reason, change.version, &staff).await?;
        ok(convert::customer_file(file))
    }

    async fn staff_support_figures(&self, _: Request<pb::Empty>) -> Answer<pb::SupportFigures> {
        let (open_tickets, oldest) = self.service.open_tickets().await?;
        ok(pb::SupportFigures { open_tickets, oldest_open_ms: oldest.unwrap_or(0) })
    }

    async fn set_member_disabled(&self, request: Request<pb::SetMemberDisabledRequest>) -> Answer<pb::Empty> {
        let request = request.into_inner();
        self.service.set_disabled(&request.email, request.disabled).await?;
        ok(pb::Empty {})
    }
}
