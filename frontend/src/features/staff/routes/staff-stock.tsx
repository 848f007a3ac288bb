import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Search, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useSearchParams } from 'react-router';

import type { ImportReportDto, StockDto } from '@/api/types';
import {
  CheckboxField,
  FormAlert,
  FormField,
  TextField,
  errorText,
} from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/http/envelope';
import { notify } from '@/lib/toast';

import { importKeys, setStockThreshold, stockList } from '../api/staff';
import { ProductKeys } from '../components/product-keys';
import { RequirePermission } from '../components/staff-layout';
import { formatOf, mergeReports, splitKeyFile } from '../lib/key-file';
import { mayStaff, useStaffStore } from '../lib/staff-store';

const STOCK_KEY = ['staff', 'stock'] as const;
const PAGE_SIZE = 50;

/** The message of a failed call: its field's error, else its own. */
function failure(error: unknown, field: string): string {
  if (error instanceof ApiError) return errorText(error.fieldErrors[field] ?? error.msgKey);
  return error instanceof Error ? error.message : String(error);
}

/** A product's threshold, changed with the version read (409 when someone changed it since). */
function ThresholdForm({ row }: { row: StockDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(row.threshold));
  const save = useMutation({
    mutationFn: () => setStockThreshold(row.sku, Number(value), row.version),
    onSuccess: () => {
      notify.success(t('staff.stock.thresholdSaved', { sku: row.sku }));
      return queryClient.invalidateQueries({ queryKey: STOCK_KEY });
    },
  });
  const invalid = !/^\d{1,6}$/.test(value);
  return (
    <form
      className="ks-staff__inline"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) save.mutate();
      }}
    >
      <input
        className="ks-input ks-staff__number"
        inputMode="numeric"
        aria-label={t('staff.stock.thresholdOf', { sku: row.sku })}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        data-testid="staff-stock-threshold"
      />
      <button
        type="submit"
        className="ks-button ks-button--secondary ks-button--small"
        disabled={invalid || save.isPending || value === String(row.threshold)}
        data-testid="staff-stock-threshold-save"
      >
        {t('staff.stock.save')}
      </button>
    </form>
  );
}

function StockRow({
  row,
  mayImport,
  onImport,
}: {
  row: StockDto;
  mayImport: boolean;
  onImport: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr
        className={row.low ? 'ks-staff__row--low' : undefined}
        data-testid="staff-stock-row"
        data-sku={row.sku}
      >
        <th scope="row">
          <span className="ks-staff__row-title">{row.title ?? t('staff.stock.notSold')}</span>
          {row.low ? <span className="ks-staff__badge">{t('staff.stock.low')}</span> : null}
          <span className="ks-staff__code ks-staff__muted">{row.sku}</span>
        </th>
        <td data-testid="staff-stock-available">{row.available}</td>
        <td>{row.reserved}</td>
        <td>{row.sold}</td>
        <td>
          {mayImport ? (
            <ThresholdForm key={`${row.sku}:${String(row.version)}`} row={row} />
          ) : (
            row.threshold
          )}
        </td>
        <td>
          <div className="ks-staff__cell-actions">
            <button
              type="button"
              className="ks-button ks-button--ghost ks-button--small"
              aria-expanded={open}
              onClick={() => setOpen(!open)}
              data-testid="staff-stock-keys"
            >
              <KeyRound size={16} aria-hidden />
              {open ? t('staff.stock.hideKeys') : t('staff.stock.keys')}
            </button>
            {mayImport ? (
              <button
                type="button"
                className="ks-button ks-button--ghost ks-button--small"
                onClick={onImport}
                aria-label={t('staff.stock.importFor', { sku: row.sku })}
              >
                <Upload size={16} aria-hidden />
                {t('staff.stock.import')}
              </button>
            ) : null}
          </div>
        </td>
      </tr>
      {open ? (
        <tr className="ks-staff__row--nested">
          <td colSpan={6}>
            <ProductKeys sku={row.sku} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Keys from a `.txt` or `.csv` file, sent in parts of whole lines; the report of the whole. */
function ImportForm({ sku, setSku }: { sku: string; setSku: (sku: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [report, setReport] = useState<ImportReportDto | null>(null);
  const [error, setError] = useState<{ field: 'sku' | 'file' | 'form'; text: string } | null>(null);

  const run = async (): Promise<void> => {
    setReport(null);
    setError(null);
    if (sku.trim() === '') {
      setError({ field: 'sku', text: errorText('api.field.required') });
      return;
    }
    if (!file) {
      setError({ field: 'file', text: t('staff.stock.fileRequired') });
      return;
    }
    const format = formatOf(file);
    const parts = splitKeyFile(await file.text(), format);
    if (parts.length === 0) {
      setError({ field: 'file', text: t('staff.stock.fileEmpty') });
      return;
    }
    const reports = [];
    try {
      for (const [index, part] of parts.entries()) {
        setProgress({ done: index, of: parts.length });
        reports.push({
          report: await importKeys(sku.trim(), part.text, format),
          offset: part.offset,
        });
      }
    } catch (failed) {
      const field = failed instanceof ApiError && failed.fieldErrors.sku ? 'sku' : 'form';
      setError({ field, text: failure(failed, 'sku') });
    } finally {
      setProgress(null);
    }
    if (reports.length > 0) {
      setReport(mergeReports(reports));
      await queryClient.invalidateQueries({ queryKey: STOCK_KEY });
    }
  };

  return (
    <section className="ks-staff__card" data-testid="staff-stock-import">
      <h2 className="ks-staff__subtitle">{t('staff.stock.importTitle')}</h2>
      <p className="ks-staff__intro">{t('staff.stock.importIntro')}</p>
      <form
        className="ks-staff__filters"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <TextField
          label={t('staff.orders.sku')}
          value={sku}
          onChange={(event) => setSku(event.target.value)}
          error={error?.field === 'sku' ? error.text : undefined}
          testId="staff-import-sku"
        />
        <FormField
          label={t('staff.stock.file')}
          error={error?.field === 'file' ? error.text : undefined}
        >
          {(wiring) => (
            <input
              {...wiring}
              type="file"
              className="ks-input"
              accept=".txt,.csv,text/plain,text/csv"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              data-testid="staff-import-file"
            />
          )}
        </FormField>
        <div className="ks-staff__actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            disabled={progress !== null}
            data-testid="staff-import-submit"
          >
            <Upload size={18} aria-hidden />
            {progress
              ? t('staff.stock.importing', { done: progress.done, of: progress.of })
              : t('staff.stock.import')}
          </button>
        </div>
      </form>
      {progress ? (
        <progress className="ks-staff__progress" max={progress.of} value={progress.done} />
      ) : null}
      <FormAlert>{error?.field === 'form' ? error.text : null}</FormAlert>
      {report ? (
        <FormAlert tone={report.invalid > 0 ? 'warning' : 'success'} testId="staff-import-report">
          {t('staff.stock.report', {
            imported: report.imported,
            duplicates: report.duplicates,
            invalid: report.invalid,
            available: report.available,
          })}
          {report.invalidLines.length > 0
            ? ` ${t('staff.stock.invalidLines', { lines: report.invalidLines.join(', ') })}`
            : null}
        </FormAlert>
      ) : null}
    </section>
  );
}

function StockPage() {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  const mayImport = mayStaff(staff, 'keys.import');
  const [params] = useSearchParams();
  const [draft, setDraft] = useState({ sku: params.get('sku') ?? '', low: false });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const [importSku, setImportSku] = useState(params.get('sku') ?? '');
  const stock = useQuery({
    queryKey: [...STOCK_KEY, filters, page],
    queryFn: () =>
      stockList({
        sku: filters.sku.trim() || undefined,
        low: filters.low || undefined,
        page,
        limit: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

  return (
    <section data-testid="staff-stock">
      <h1 className="ks-staff__title">{t('staff.stock.title')}</h1>
      <p className="ks-staff__intro">{t('staff.stock.intro')}</p>
      {mayImport ? <ImportForm sku={importSku} setSku={setImportSku} /> : null}
      <form
        className="ks-staff__filters ks-staff__audit"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <TextField
          label={t('staff.stock.skuStarts')}
          value={draft.sku}
          onChange={(event) => setDraft({ ...draft, sku: event.target.value })}
          testId="staff-stock-sku"
        />
        <CheckboxField
          label={t('staff.stock.lowOnly')}
          checked={draft.low}
          onChange={(event) => setDraft({ ...draft, low: event.target.checked })}
          testId="staff-stock-low"
        />
        <div className="ks-staff__actions">
          <button
            type="submit"
            className="ks-button ks-button--primary"
            data-testid="staff-stock-search"
          >
            <Search size={18} aria-hidden />
            {t('staff.orders.search')}
          </button>
        </div>
      </form>
      {stock.isError ? <FormAlert>{stock.error.message}</FormAlert> : null}
      {stock.data?.total === 0 ? <p className="ks-staff__intro">{t('staff.stock.empty')}</p> : null}
      {stock.data && stock.data.rows.length > 0 ? (
        <div className="ks-staff__table-wrap">
          <table className="ks-staff__table">
            <thead>
              <tr>
                <th scope="col">{t('staff.stock.product')}</th>
                <th scope="col">{t('staff.stock.available')}</th>
                <th scope="col">{t('staff.stock.reserved')}</th>
                <th scope="col">{t('staff.stock.sold')}</th>
                <th scope="col">{t('staff.stock.threshold')}</th>
                <td />
              </tr>
            </thead>
            <tbody>
              {stock.data.rows.map((row) => (
                <StockRow
                  key={row.sku}
                  row={row}
                  mayImport={mayImport}
                  onImport={() => {
                    setImportSku(row.sku);
                    window.scrollTo({ top: 0, behavior: 'smooth' });
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {stock.data && stock.data.total > PAGE_SIZE ? (
        <Pagination page={page} total={stock.data.total} limit={PAGE_SIZE} onPageChange={setPage} />
      ) : null}
    </section>
  );
}

/** The key stock per product: thresholds and imports for the roles that may change them. */
export function StaffStockRoute() {
  return (
    <RequirePermission permission="keys.read">
      <StockPage />
    </RequirePermission>
  );
}
