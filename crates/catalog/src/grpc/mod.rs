//! The tonic adapter: proto in, use case, proto out. No rules here.

mod convert;

use std::sync::Arc;

use keyshop_proto::catalog::v1 as pb;
use keyshop_proto::catalog::v1::catalog_service_server::CatalogService as CatalogApi;
use tonic::{Request, Response, Status};

use crate::domain::listing::RawQuery;
use crate::domain::review::ReviewForm;
use crate::service::CatalogService;
use crate::service::staff_products::ImageChange;
use keyshop_core::audit::Actor;
use keyshop_core::error::AppError;
use keyshop_core::vocab::ProductState;

pub struct CatalogGrpc {
    pub service: Arc<CatalogService>,
}

#[tonic::async_trait]
impl CatalogApi for CatalogGrpc {
    async fn list_languages(
        &self,
        _: Request<pb::ListLanguagesRequest>,
    ) -> Result<Response<pb::ListLanguagesResponse>, Status> {
        let languages = self.service.languages().await?;
        Ok(Response::new(pb::ListLanguagesResponse {
            languages: languages
                .iter()
                .cloned()
                .map(|language| pb::Language {
                    code: language.code,
                    native_name: language.native_name,
                    direction: language.direction,
                })
                .collect(),
        }))
    }

    async fn list_currencies(
        &self,
        _: Request<pb::ListCurrenciesRequest>,
    ) -> Result<Response<pb::ListCurrenciesResponse>, Status> {
        let currencies = self.service.currencies().await?;
        Ok(Response::new(pb::ListCurrenciesResponse {
            currencies: currencies.iter().cloned().map(convert::currency).collect(),
        }))
    }

    async fn set_currency_rate(
        &self,
        request: Request<pb::SetCurrencyRateRequest>,
    ) -> Result<Response<pb::Currency>, Status> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let currency = self.service.set_currency_rate_by(&request.code, request.rate_micros, Some(actor)).await?;
        Ok(Response::new(convert::currency(currency)))
    }

    async fn get_setting(&self, request: Request<pb::GetSettingRequest>) -> Result<Response<pb::Setting>, Status> {
        let key = request.into_inner().key;
        let value = self.service.setting(&key).await?;
        Ok(Response::new(pb::Setting { key, value }))
    }

    async fn set_setting(&self, request: Request<pb::Setting>) -> Result<Response<pb::Setting>, Status> {
        let actor = keyshop_core::audit::Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let setting = request.into_inner();
        self.service.set_setting_by(&setting.key, &setting.value, Some(actor)).await?;
        Ok(Response::new(setting))
    }

    async fn list_public_settings(
        &self,
        request: Request<pb::ListPublicSettingsRequest>,
    ) -> Result<Response<pb::ListPublicSettingsResponse>, Status> {
        let settings = self.service.public_settings_in(&request.into_inner().language).await?;
        Ok(Response::new(pb::ListPublicSettingsResponse {
            settings: settings
                .iter()
                .map(|(key, value)| pb::Setting { key: key.clone(), value: value.clone() })
                .collect(),
        }))
    }

    async fn suggest_location(
        &self,
        request: Request<pb::SuggestLocationRequest>,
    ) -> Result<Response<pb::Location>, Status> {
        let request = request.into_inner();
        let suggestion = self.service.suggest_location(&request.accept_language, &request.client_ip).await?;
        Ok(Response::new(pb::Location {
            language: suggestion.language.to_owned(),
            currency: suggestion.currency,
            country: suggestion.country.unwrap_or_default(),
            source: suggestion.source.as_str().to_owned(),
        }))
    }

    async fn get_navigation_bar(
        &self,
        _: Request<pb::GetNavigationBarRequest>,
    ) -> Result<Response<pb::NavigationBar>, Status> {
        Ok(Response::new(convert::navigation(self.service.navigation().await?)))
    }

    async fn list_home(&self, request: Request<pb::ListHomeRequest>) -> Result<Response<pb::ProductList>, Status> {
        let request = request.into_inner();
        let products = self.service.home_list(&request.list, request.limit).await?;
        Ok(Response::new(convert::cards(&products)))
    }

    async fn query_products(&self, request: Request<pb::ProductQuery>) -> Result<Response<pb::ProductPage>, Status> {
        let query = request.into_inner();
        let raw = RawQuery {
            text: query.text,
            genres: query.genres,
            languages: query.languages,
            platforms: query.platforms,
            regions: query.regions,
            types: query.types,
            stock: query.stock,
            price_min: query.price_min,
            price_max: query.price_max,
            currency: query.currency,
            per_order_limit: query.per_order_limit,
            sort: query.sort,
            page: query.page,
            limit: query.limit,
        };
        Ok(Response::new(convert::page(self.service.query_products(&raw).await?)))
    }

    async fn list_category(
        &self,
        request: Request<pb::ListCategoryRequest>,
    ) -> Result<Response<pb::CategoryPage>, Status> {
        let request = request.into_inner();
        let (kind, page) = self.service.category(&request.code, &request.sort, request.page, request.limit).await?;
        Ok(Response::new(pb::CategoryPage {
            kind: kind.as_str().to_owned(),
            code: request.code,
            page: Some(convert::page(page)),
        }))
    }

    async fn get_product(&self, request: Request<pb::ProductRef>) -> Result<Response<pb::ProductDetail>, Status> {
        let product = request.into_inner();
        let detail = self
            .service
            .product(&product.game_name, &product.game_ext_name, &product.language, !product.no_view)
            .await?;
        Ok(Response::new(convert::detail(detail)))
    }

    async fn list_product_cards(
        &self,
        request: Request<pb::ListProductCardsRequest>,
    ) -> Result<Response<pb::ProductList>, Status> {
        let request = request.into_inner();
        let products = if request.skus.is_empty() {
            self.service.products_by_ids(&request.ids)?
        } else if request.ids.is_empty() {
            self.service.products_by_skus(request.skus).await?
        } else {
            return Err(keyshop_core::error::AppError::field("skus", "api.field.invalid").into());
        };
        Ok(Response::new(convert::cards(&products)))
    }

    async fn list_recommendations(
        &self,
        request: Request<pb::ProductRef>,
    ) -> Result<Response<pb::ProductList>, Status> {
        let product = request.into_inner();
        let products = self.service.recommendations(&product.game_name, &product.game_ext_name).await?;
        Ok(Response::new(convert::cards(&products)))
    }

    async fn suggest_products(
        &self,
        request: Request<pb::SuggestProductsRequest>,
    ) -> Result<Response<pb::ProductSuggestions>, Status> {
        let products = self.service.suggest(&request.into_inner().text)?;
        Ok(Response::new(pb::ProductSuggestions {
            suggestions: products
                .into_iter()
                .map(|product| pb::ProductSuggestion {
                    id: product.id,
                    title: product.title.clone(),
                    game_name: product.game_name.clone(),
                    game_ext_name: product.game_ext_name.clone(),
                    platform: product.platform.to_proto(),
                    titles: product.titles.iter().cloned().collect(),
                    cover_image: product.cover_image.clone(),
                })
                .collect(),
        }))
    }

    async fn list_reviews(&self, request: Request<pb::ListReviewsRequest>) -> Result<Response<pb::ReviewPage>, Status> {
        let request = request.into_inner();
        let product = request.product.unwrap_or_default();
        let (rows, total, paging) =
            self.service.reviews(&product.game_name, &product.game_ext_name, request.page, request.limit).await?;
        Ok(Response::new(pb::ReviewPage {
            rows: rows.into_iter().map(convert::review).collect(),
            total,
            page: paging.page as i32,
            limit: paging.limit as i32,
        }))
    }

    async fn post_review(
        &self,
        request: Request<pb::PostReviewRequest>,
    ) -> Result<Response<pb::PostReviewResponse>, Status> {
        let request = request.into_inner();
        let product = request.product.clone().unwrap_or_default();
        let form = ReviewForm {
            full_name: request.full_name,
            email: request.email,
            content: request.content,
            stars: request.stars,
        };
        let id = self.service.post_review(&product.game_name, &product.game_ext_name, &form, &request.visitor).await?;
        Ok(Response::new(pb::PostReviewResponse { id }))
    }

    async fn get_rating_summary(
        &self,
        request: Request<pb::ProductRef>,
    ) -> Result<Response<pb::RatingSummary>, Status> {
        let product = request.into_inner();
        let summary = self.service.rating_summary(&product.game_name, &product.game_ext_name).await?;
        Ok(Response::new(convert::rating(summary)))
    }

    async fn list_news(&self, request: Request<pb::ListNewsRequest>) -> Result<Response<pb::NewsPage>, Status> {
        let request = request.into_inner();
        let (rows, total, paging) = self.service.news(&request.language, request.page, request.limit).await?;
        Ok(Response::new(pb::NewsPage {
            rows: rows.into_iter().map(|entry| convert::news(entry, false)).collect(),
            total,
            page: paging.page as i32,
            limit: paging.limit as i32,
        }))
    }

    async fn get_news(&self, request: Request<pb::GetNewsRequest>) -> Result<Response<pb::NewsItem>, Status> {
        let request = request.into_inner();
        let entry = self.service.news_item(request.id, &request.language, &request.visitor).await?;
        Ok(Response::new(convert::news(entry, true)))
    }

    async fn get_page(&self, request: Request<pb::GetPageRequest>) -> Result<Response<pb::Page>, Status> {
        let request = request.into_inner();
        Ok(Response::new(convert::page_text(self.service.page(&request.slug, &request.language).await?)))
    }

    async fn get_image(&self, request: Request<pb::GetImageRequest>) -> Result<Response<pb::Image>, Status> {
        let request = request.into_inner();
        let image = self.service.image(&request.kind, request.id, request.index).await?;
        Ok(Response::new(pb::Image { content_type: image.content_type.to_owned(), data: image.data, etag: image.etag }))
    }

    async fn get_media_file(&self, request: Request<pb::GetMediaFileRequest>) -> Result<Response<pb::Image>, Status> {
        let image = self.service.media_file(&request.into_inner().name).await?;
        Ok(Response::new(pb::Image { content_type: image.content_type.to_owned(), data: image.data, etag: image.etag }))
    }

    async fn staff_list_products(
        &self,
        request: Request<pb::StaffListProductsRequest>,
    ) -> Result<Response<pb::StaffProductPage>, Status> {
        let request = request.into_inner();
        let states = request
            .states
            .iter()
            .map(|state| ProductState::from_proto(*state))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| AppError::field("states", "api.field.invalid"))?;
        let (lines, total, paging) =
            self.service.staff_products(&request.text, states, request.page, request.limit).await?;
        Ok(Response::new(pb::StaffProductPage {
            rows: lines.into_iter().map(convert::staff_product_row).collect(),
            total,
            page: paging.page as i32,
            limit: paging.limit as i32,
        }))
    }

    async fn staff_get_product(
        &self,
        request: Request<pb::StaffGetProductRequest>,
    ) -> Result<Response<pb::StaffProduct>, Status> {
        let product = self.service.staff_product(request.into_inner().id).await?;
        Ok(Response::new(convert::staff_product(product)))
    }

    async fn staff_save_product(
        &self,
        request: Request<pb::StaffSaveProductRequest>,
    ) -> Result<Response<pb::StaffProduct>, Status> {
        let actor = Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let fields = request.fields.ok_or_else(|| AppError::field("fields", "api.field.required"))?;
        let product =
            self.service.save_product(request.id, request.version, convert::raw_product(fields), actor).await?;
        Ok(Response::new(convert::staff_product(product)))
    }

    async fn staff_set_product_state(
        &self,
        request: Request<pb::StaffSetProductStateRequest>,
    ) -> Result<Response<pb::StaffProduct>, Status> {
        let actor = Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let state =
            ProductState::from_proto(request.state).map_err(|_| AppError::field("state", "api.field.invalid"))?;
        let product = self.service.set_product_state(request.id, request.version, state, actor).await?;
        Ok(Response::new(convert::staff_product(product)))
    }

    async fn staff_upload_image(
        &self,
        request: Request<pb::StaffUploadImageRequest>,
    ) -> Result<Response<pb::StaffProduct>, Status> {
        let actor = Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let change = match request.slot.as_str() {
            "cover" => ImageChange::Cover,
            "screenshot" => ImageChange::AddScreenshot,
            _ => return Err(AppError::field("slot", "api.field.invalid").into()),
        };
        let product = self.service.change_image(request.id, request.version, change, request.data, actor).await?;
        Ok(Response::new(convert::staff_product(product)))
    }

    async fn staff_remove_image(
        &self,
        request: Request<pb::StaffRemoveImageRequest>,
    ) -> Result<Response<pb::StaffProduct>, Status> {
        let actor = Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let change = match (request.slot.as_str(), usize::try_from(request.index)) {
            ("cover", _) => ImageChange::RemoveCover,
            ("screenshot", Ok(index)) => ImageChange::RemoveScreenshot(index),
            _ => return Err(AppError::field("slot", "api.field.invalid").into()),
        };
        let product = self.service.change_image(request.id, request.version, change, Vec::new(), actor).await?;
        Ok(Response::new(convert::staff_product(product)))
    }

    async fn staff_list_reviews(
        &self,
        request: Request<pb::StaffListReviewsRequest>,
    ) -> Result<Response<pb::StaffReviewPage>, Status> {
        let request = request.into_inner();
        let product = (request.product_id != 0).then_some(request.product_id);
        let (rows, total, paging) =
            self.service.staff_reviews(product, request.hidden, request.page, request.limit).await?;
        let titles = self.service.product_titles(rows.iter().map(|row| row.product_id).collect()).await?;
        Ok(Response::new(pb::StaffReviewPage {
            rows: rows
                .into_iter()
                .map(|row| {
                    let title = titles.get(&row.product_id).cloned().unwrap_or_default();
                    convert::staff_review(row, title)
                })
                .collect(),
            total,
            page: paging.page as i32,
            limit: paging.limit as i32,
        }))
    }

    async fn staff_moderate_review(
        &self,
        request: Request<pb::StaffModerateReviewRequest>,
    ) -> Result<Response<pb::StaffReview>, Status> {
        let actor = Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let review =
            self.service.moderate_review(request.id, request.version, request.hidden, &request.reply, actor).await?;
        let titles = self.service.product_titles(vec![review.product_id]).await?;
        let title = titles.get(&review.product_id).cloned().unwrap_or_default();
        Ok(Response::new(convert::staff_review(review, title)))
    }

    async fn staff_list_news(
        &self,
        request: Request<pb::StaffListNewsRequest>,
    ) -> Result<Response<pb::StaffNewsPage>, Status> {
        let request = request.into_inner();
        let (rows, total, paging) = self.service.staff_news(request.page, request.limit).await?;
        Ok(Response::new(pb::StaffNewsPage {
            rows: rows.into_iter().map(convert::staff_news).collect(),
            total,
            page: paging.page as i32,
            limit: paging.limit as i32,
        }))
    }

    async fn staff_get_news(
        &self,
        request: Request<pb::StaffGetNewsRequest>,
    ) -> Result<Response<pb::StaffNews>, Status> {
        let row = self.service.staff_news_item(request.into_inner().id).await?;
        Ok(Response::new(convert::staff_news(row)))
    }

    async fn staff_save_news(
        &self,
        request: Request<pb::StaffSaveNewsRequest>,
    ) -> Result<Response<pb::StaffNews>, Status> {
        let actor = Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let (id, version) = (request.id, request.version);
        let row = self.service.save_news(id, version, convert::news_draft(request), actor).await?;
        Ok(Response::new(convert::staff_news(row)))
    }

    async fn staff_set_news_cover(
        &self,
        request: Request<pb::StaffSetNewsCoverRequest>,
    ) -> Result<Response<pb::StaffNews>, Status> {
        let actor = Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let row = self.service.set_news_cover(request.id, request.version, request.data, actor).await?;
        Ok(Response::new(convert::staff_news(row)))
    }

    async fn staff_list_pages(
        &self,
        _request: Request<pb::StaffListPagesRequest>,
    ) -> Result<Response<pb::StaffPageList>, Status> {
        let rows = self.service.staff_pages().await?;
        Ok(Response::new(pb::StaffPageList { rows: rows.into_iter().map(convert::page_summary).collect() }))
    }

    async fn staff_get_page(
        &self,
        request: Request<pb::StaffGetPageRequest>,
    ) -> Result<Response<pb::StaffPage>, Status> {
        let request = request.into_inner();
        let (row, exists) = self.service.staff_page(&request.slug, &request.language).await?;
        Ok(Response::new(convert::staff_page(row, exists)))
    }

    async fn staff_save_page(
        &self,
        request: Request<pb::StaffSavePageRequest>,
    ) -> Result<Response<pb::StaffPage>, Status> {
        let actor = Actor::Staff(keyshop_core::identity::staff(&request)?.clone());
        let request = request.into_inner();
        let row = self
            .service
            .save_page(&request.slug, &request.language, request.version, &request.title, &request.body, actor)
            .await?;
        Ok(Response::new(convert::staff_page(row, true)))
    }
}
