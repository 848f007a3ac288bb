//! The tonic adapter of the staff module. The session token comes from the
//! `authorization` metadata, never from a message.

use std::sync::Arc;

use keyshop_core::audit::AuditAction;
use keyshop_core::error::AppError;
use keyshop_core::grpc::bearer;
use keyshop_core::identity::{self, StaffRole};
use keyshop_proto::member::v1 as pb;
use keyshop_proto::member::v1::staff_service_server::StaffService as StaffApi;
use tonic::{Request, Response, Status};

use super::convert;
use crate::service::MemberService;
use crate::service::staff::StaffIdentity;

pub struct StaffGrpc {
    pub service: Arc<MemberService>,
}

type Answer<T> = Result<Response<T>, Status>;

fn member(staff: StaffIdentity) -> pb::StaffMember {
    pb::StaffMember { id: staff.id, email: staff.email, role: staff.role.to_proto() }
}

fn account(row: crate::store::staff::StaffListing) -> pb::StaffAccount {
    pb::StaffAccount {
        id: row.id,
        email: row.email,
        role: row.role.to_proto(),
        state: row.state.as_str().to_owned(),
        version: row.version,
        created_at_ms: row.created_at,
    }
}

fn audit_record(row: crate::store::staff_audit::AuditRow) -> pb::AuditRecord {
    pb::AuditRecord {
        at_ms: row.at,
        staff_id: row.staff_id,
        staff_email: row.staff_email,
        role: StaffRole::parse(&row.role).map_or(0, StaffRole::to_proto),
        action: AuditAction::parse(&row.action).map_or(0, AuditAction::to_proto),
        target: row.target,
        summary: row.summary,
        ip: row.ip,
        service: row.service,
    }
}

#[tonic::async_trait]
impl StaffApi for StaffGrpc {
    async fn list_staff(&self, _: Request<pb::Empty>) -> Answer<pb::StaffList> {
        let staff = self.service.list_staff().await?;
        Ok(Response::new(pb::StaffList { staff: staff.into_iter().map(account).collect() }))
    }

    async fn update_staff(&self, request: Request<pb::UpdateStaffRequest>) -> Answer<pb::StaffAccount> {
        let owner = identity::staff(&request)?.clone();
        let request = request.into_inner();
        let role = match request.role {
            0 => None,
            role => Some(StaffRole::from_proto(role).map_err(|_| AppError::field("role", "api.field.invalid"))?),
        };
        let updated = self.service.update_staff(&owner, request.id, request.version, role, request.disabled).await?;
        Ok(Response::new(account(updated)))
    }

    async fn reset_staff(&self, request: Request<pb::ResetStaffRequest>) -> Answer<pb::Invitation> {
        let owner = identity::staff(&request)?.clone();
        let request = request.into_inner();
        let invitation = self.service.reset_staff(&owner, request.id, request.version).await?;
        Ok(Response::new(pb::Invitation {
            staff_id: invitation.staff_id,
            link: invitation.link,
            expires_at_ms: invitation.expires_at_ms,
        }))
    }

    async fn list_audit(&self, request: Request<pb::AuditQuery>) -> Answer<pb::AuditPage> {
        let query = request.into_inner();
        let page = self.service.audit_log(&query.text, query.page, query.limit).await?;
        Ok(Response::new(pb::AuditPage {
            rows: page.rows.into_iter().map(audit_record).collect(),
            total: page.total,
            page: i32::try_from(page.page).unwrap_or(1),
            limit: i32::try_from(page.limit).unwrap_or(20),
        }))
    }

    async fn start_enrollment(&self, request: Request<pb::EnrollmentToken>) -> Answer<pb::EnrollmentStart> {
        let request = request.into_inner();
        let client = convert::client(request.client);
        let offer = self.service.start_enrollment(&request.token, &client).await?;
        Ok(Response::new(pb::EnrollmentStart {
            email: offer.email,
            role: offer.role.to_proto(),
            totp_secret: offer.totp_secret,
            otpauth_url: offer.otpauth_url,
            expires_at_ms: offer.expires_at_ms,
        }))
    }

    async fn finish_enrollment(&self, request: Request<pb::FinishEnrollmentRequest>) -> Answer<pb::RecoveryCodes> {
        let request = request.into_inner();
        let client = convert::client(request.client);
        let codes = self
            .service
            .finish_enrollment(&request.token, &request.password, &request.confirm_password, &request.code, &client)
            .await?;
        Ok(Response::new(pb::RecoveryCodes { codes }))
    }

    async fn sign_in(&self, request: Request<pb::StaffSignInRequest>) -> Answer<pb::StaffSession> {
        let request = request.into_inner();
        let client = convert::client(request.client);
        let session = self.service.staff_sign_in(&request.email, &request.password, &request.code, &client).await?;
        Ok(Response::new(pb::StaffSession {
            token: session.token,
            staff: Some(member(session.staff)),
            expires_at_ms: session.expires_at_ms,
            recovery_codes_left: session.recovery_codes_left.map_or(-1, |left| i32::try_from(left).unwrap_or(0)),
        }))
    }

    async fn authenticate(&self, request: Request<pb::Empty>) -> Answer<pb::StaffMember> {
        let (_, staff) = self.service.staff_caller(bearer(&request).as_deref()).await?;
        Ok(Response::new(member(staff)))
    }

    async fn sign_out(&self, request: Request<pb::Empty>) -> Answer<pb::Empty> {
        self.service.staff_sign_out(bearer(&request).as_deref()).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn list_sessions(&self, request: Request<pb::Empty>) -> Answer<pb::StaffSessionList> {
        let sessions = self.service.staff_sessions(bearer(&request).as_deref()).await?;
        Ok(Response::new(pb::StaffSessionList {
            sessions: sessions
                .into_iter()
                .map(|session| pb::StaffSessionInfo {
                    id: session.id,
                    created_at_ms: session.created_at_ms,
                    last_seen_at_ms: session.last_seen_at_ms,
                    expires_at_ms: session.expires_at_ms,
                    ip: session.ip,
                    browser: session.browser,
                    os: session.os,
                    current: session.current,
                })
                .collect(),
        }))
    }

    async fn revoke_session(&self, request: Request<pb::IdRequest>) -> Answer<pb::Empty> {
        let (_, staff) = self.service.staff_caller(bearer(&request).as_deref()).await?;
        self.service.revoke_staff_session(staff.id, request.into_inner().id).await?;
        Ok(Response::new(pb::Empty {}))
    }

    async fn invite(&self, request: Request<pb::InviteRequest>) -> Answer<pb::Invitation> {
        let owner = identity::staff(&request)?.clone();
        let request = request.into_inner();
        let role = StaffRole::from_proto(request.role).map_err(|_| AppError::field("role", "api.field.invalid"))?;
        let invitation = self.service.invite_staff(&request.email, role, &owner).await?;
        Ok(Response::new(pb::Invitation {
            staff_id: invitation.staff_id,
            link: invitation.link,
            expires_at_ms: invitation.expires_at_ms,
        }))
    }
}
