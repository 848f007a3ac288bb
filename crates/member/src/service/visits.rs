//! Page visits, with the member when the visitor is signed in.

use keyshop_core::db::DbError;
use keyshop_core::error::AppError;

use super::{ClientInfo, MemberService};
use crate::domain::{throttle, visit};
use crate::store;
use crate::store::visits::NewVisit;

impl MemberService {
    /// Records a visit; an invalid token just makes it anonymous. At most
    /// [`throttle::VISITS`] per address are written: beyond them a visit is
    /// answered as usual and not recorded (a loop cannot fill the table).
    pub async fn save_visit(
        &self,
        token: Option<&str>,
        to_url: &str,
        from_url: &str,
        site_host: &str,
        client: &ClientInfo,
    ) -> Result<(), AppError> {
        if to_url.trim().is_empty() {
            return Err(AppError::field("toUrl", "api.field.required"));
        }
        let key = format!("member:visits:ip:{}", client.address_bucket());
        let (count, _) = self.throttle.hit(&key, throttle::VISITS.window).await;
        if !throttle::VISITS.allows(count) {
            tracing::debug!(address = %client.address_bucket(), "visit not recorded: over the address's limit");
            return Ok(());
        }
        let member = self.caller(token).await.ok();
        let (to_url, from_url) = (visit::bounded(to_url), visit::bounded(from_url));
        let external = visit::is_external(&from_url, site_host);
        let (ip, user_agent) = (client.ip.clone(), visit::bounded(&client.user_agent));
        let now = self.clock.now_ms();
        self.db
            .run(move |conn| {
                let record = NewVisit {
                    member_id: member.as_ref().map(|member| member.member_id),
                    member_name: member.as_ref().map_or("", |member| member.full_name.as_str()),
                    to_url: &to_url,
                    from_url: &from_url,
                    external,
                    ip: &ip,
                    user_agent: &user_agent,
                };
                store::visits::insert(conn, &record, now).map_err(DbError::from)
            })
            .await?;
        Ok(())
    }
}
