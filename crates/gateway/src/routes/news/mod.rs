//! `/api/home/gamesNews`: the news list and a news page.

pub mod detail;
pub mod list;

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsDto {
    pub id: i64,
    pub title: String,
    pub summary: String,
    /// Markdown as written; empty in lists.
    pub body: String,
    /// The body as sanitised HTML, ready to show; empty in lists.
    pub html: String,
    pub author: String,
    /// The uploaded cover, else the generated artwork.
    pub cover: String,
    pub published_at: String,
    pub clicks: i64,
}

impl From<keyshop_proto::catalog::v1::NewsItem> for NewsDto {
    fn from(item: keyshop_proto::catalog::v1::NewsItem) -> NewsDto {
        NewsDto {
            cover: if item.cover_image.is_empty() {
                format!("/prod-api/api/media/news/{}.svg", item.id)
            } else {
                crate::routes::dto::media_file_url(&item.cover_image, 640)
            },
            html: item.body_html,
            author: item.author,
            published_at: crate::routes::dto::timestamp(item.published_at_ms),
            id: item.id,
            title: item.title,
            summary: item.summary,
            body: item.body,
            clicks: item.clicks,
        }
    }
}
