import type { components, paths } from './schema';

/** The `data` of a GET path's 200 envelope, straight from the generated OpenAPI types. */
export type ResponseData<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': { data: infer D } } } } };
}
  ? D
  : never;

type Schemas = components['schemas'];

export type LanguageDto = ResponseData<'/prod-api/api/home/language'>[number];
export type CurrencyDto = ResponseData<'/prod-api/api/home/rate'>[number];
export type SiteConfigDto = ResponseData<'/prod-api/api/home/config'>;
export type ConfigValueDto = ResponseData<'/prod-api/api/home/config/configKey/{key}'>;
export type LocationDto = ResponseData<'/prod-api/api/home/location'>;

/** A product card; prices are USD minor units. */
export type ProductCardDto = Schemas['ProductCardDto'];
export type NavigationBarDto = ResponseData<'/prod-api/api/home/navigationBar'>;
export type CodeCountDto = Schemas['NavItemDto'];
/** A page of products with the facet counts of the filters. */
export type QueryGamesDto = ResponseData<'/prod-api/api/home/queryGames'>;
export type FacetsDto = Schemas['FacetsDto'];
/** A page of the products of one type, platform or genre. */
export type TypeListDto = ResponseData<'/prod-api/api/home/type/{code}'>;

export type ProductDetailDto = ResponseData<'/prod-api/api/home/games/{gameName}/{gameExtName}'>;
export type SystemRequirementsDto = Schemas['RequirementSetDto'];
export type RatingSummaryDto =
  ResponseData<'/prod-api/api/home/games/{gameName}/{gameExtName}/rating'>;
export type ReviewPageDto =
  ResponseData<'/prod-api/api/home/games/{gameName}/{gameExtName}/reviews'>;
export type ReviewDto = Schemas['ReviewDto'];
/** The review form sends every field (the schema marks them optional for the server's checks). */
export type ReviewInputDto = Required<Schemas['PostReviewBody']>;

export type SuggestionDto = ResponseData<'/prod-api/api/home/search/suggest'>[number];

export type NewsPageDto = ResponseData<'/prod-api/api/home/gamesNews'>;
/** A news item; `body` is empty in lists. */
export type NewsDto = ResponseData<'/prod-api/api/home/gamesNews/{id}'>;
export type SitePageDto = ResponseData<'/prod-api/api/home/page/{slug}'>;
