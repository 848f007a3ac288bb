-- wrk script: queryGames over thousands of distinct filter combinations, so
-- the gateway's one-second micro-cache rarely answers and the catalog's
-- filtering, sorting and facet counting are measured. Each wrk thread starts
-- at a different offset of the same sequence.
local platforms = { "", "steam", "epic", "gog", "xbox", "playstation", "nintendo", "ea-app",
  "ubisoft-connect", "battle-net", "microsoft-store", "rockstar", "steam,gog", "xbox,playstation" }
local regions = { "", "global", "europe", "north-america", "latin-america", "asia", "global,europe" }
local sorts = { "relevance", "newest", "price_asc", "price_desc", "best_selling", "rating", "discount" }
local prices = { "", "&priceMax=20", "&priceMin=10&priceMax=60", "&priceMin=5" }
local currencies = { "USD", "EUR", "JPY" }
local genres = { "", "&genre=action", "&genre=rpg,strategy", "&genre=indie" }

local paths = {}
for _, platform in ipairs(platforms) do
  for _, region in ipairs(regions) do
    for _, sort in ipairs(sorts) do
      for p, price in ipairs(prices) do
        local genre = genres[(#paths % #genres) + 1]
        local currency = currencies[(#paths % #currencies) + 1]
        paths[#paths + 1] = string.format(
          "/prod-api/api/home/queryGames?platform=%s&region=%s&sort=%s%s%s&currency=%s&page=%d&limit=20",
          platform, region, sort, price, genre, currency, (p % 2) + 1)
      end
    end
  end
end

local counter = 0
local thread_count = 0

function setup(thread)
  thread:set("offset", thread_count * 997)
  thread_count = thread_count + 1
end

function request()
  counter = counter + 1
  return wrk.format(nil, paths[((counter + (offset or 0)) % #paths) + 1])
end
