// Production and development build of the keyshop SPA.
// JS/TS through swc-loader, CSS extracted to files, every output name content-hashed; in
// production each text file also as `.br` and `.gz` beside it, which the gateway serves.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';

import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';

const here = path.dirname(fileURLToPath(import.meta.url));
// webpack's own CSS minifier; 5.112 exports it on `webpack.css` (not `webpack.css.syntax`).
const { cssMinify } = webpack.css;

/**
 * Writes `asset-manifest.json`: the files of each named chunk group (`main`, `route-home`,
 * …), so `npm run size` can add up what a page loads first.
 */
class ChunkGroupManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'ChunkGroupManifestPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        () => {
          const groups = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            groups[name] = group.chunks.flatMap((chunk) => [...chunk.files]);
          }
          compilation.emitAsset(
            'asset-manifest.json',
            new webpack.sources.RawSource(`${JSON.stringify(groups, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/** The files worth compressing once at build time (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;

/**
 * Brotli at its best quality and gzip at level 9, once per build: the gateway sends them as they
 * are, where on-the-fly compression would have to pick a fast, weaker level.
 * @returns {import('webpack').WebpackPluginInstance[]}
 */
function precompression() {
  return [
    new CompressionPlugin({
      test: COMPRESSIBLE,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_LGWIN]: zlib.BROTLI_MAX_WINDOW_BITS,
        },
      },
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: zlib.Z_BEST_COMPRESSION },
      minRatio: 0.9,
    }),
  ];
}

/**
 * V8's explicit compile hint on the entry script: almost every function of it runs before the
 * first paint (React, the router, i18next, the home page), so V8 compiles them all on a
 * background thread while the file streams in instead of one by one on the main thread at
 * their first call. Added after minification, which would drop the comment.
 * @returns {import('webpack').WebpackPluginInstance}
 */
function compileHint() {
  return new webpack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /^static\/js\/main\./,
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING,
  });
}

/** @returns {import('webpack').Configuration & { devServer?: Record<string, unknown> }} */
export default (_env, argv) => {
  const production = argv.mode !== 'development';
  const gateway = process.env.KEYSHOP_DEV_GATEWAY ?? 'http://127.0.0.1:8080';

  return {
    mode: production ? 'production' : 'development',
    target: 'browserslist:defaults',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(here, 'dist'),
      publicPath: '/',
      filename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
      chunkFilename: production
        ? 'static/js/[name].[contenthash:10].chunk.js'
        : 'static/js/[name].chunk.js',
      assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: {
        '@': path.resolve(here, 'src'),
        '@locales': path.resolve(here, '../locales'),
        // react-router's export map always resolves its development build; pick the
        // production one (no dev warnings, ~10 KB gzip less) for production bundles.
        ...(production
          ? {
              'react-router$': path.resolve(
                here,
                'node_modules/react-router/dist/production/index.mjs',
              ),
              'react-router/dom$': path.resolve(
                here,
                'node_modules/react-router/dist/production/dom-export.mjs',
              ),
            }
          : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: {
                  react: { runtime: 'automatic', development: !production, refresh: false },
                },
              },
              env: { targets: 'defaults' },
            },
          },
        },
        {
          // The staff console's texts go only with the console (see the loader).
          test: /\.json$/,
          include: path.resolve(here, '../locales'),
          use: path.resolve(here, 'scripts/catalogue-part-loader.mjs'),
        },
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            { loader: 'css-loader', options: { importLoaders: 0 } },
          ],
        },
        {
          test: /\.(woff2?|ttf|otf|eot)$/,
          type: 'asset/resource',
          generator: { filename: 'static/fonts/[name].[contenthash:10][ext]' },
        },
        {
          test: /\.(png|jpe?g|gif|webp|avif|svg)$/,
          type: 'asset/resource',
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        scriptLoading: 'defer',
        minify: production
          ? { collapseWhitespace: true, removeComments: true, keepClosingSlash: true }
          : false,
      }),
      new ChunkGroupManifestPlugin(),
      ...(production ? [compileHint()] : []),
      new MiniCssExtractPlugin({
        filename: production ? 'static/css/[name].[contenthash:10].css' : 'static/css/[name].css',
        chunkFilename: production
          ? 'static/css/[name].[contenthash:10].chunk.css'
          : 'static/css/[name].chunk.css',
      }),
      ...(production ? precompression() : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [
        new MinimizerPlugin({
          test: /\.(?:[cm]?js|css)(\?.*)?$/i,
          minify: [
            {
              implementation: MinimizerPlugin.swcMinify,
              options: { compress: { passes: 2 }, mangle: true },
            },
            { implementation: cssMinify },
          ],
        }),
      ],
      splitChunks: {
        chunks: 'async',
      },
      runtimeChunk: 'single',
    },
    performance: {
      hints: production ? 'warning' : false,
      maxEntrypointSize: 600 * 1024,
      maxAssetSize: 600 * 1024,
    },
    devServer: {
      port: 5173,
      historyApiFallback: true,
      hot: false,
      proxy: [{ context: ['/prod-api', '/healthz', '/readyz'], target: gateway }],
    },
  };
};
