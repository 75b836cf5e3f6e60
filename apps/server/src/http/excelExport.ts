import { formatMessage, type Language, type MessageKey } from '@qiming/shared';
import type { FastifyReply } from 'fastify';
import { fileAnswer } from './fileAnswer.ts';
import { loadOnFirstUse } from './loadOnFirstUse.ts';

export const maxExportRows = 50_000;

export interface ExportColumn<Row> {
  /** A catalogue message, or a header already in the caller's language (a form's own field label). */
  header: MessageKey | { text: string };
  value: (row: Row) => string | number | Date;
  width?: number;
}

export const excelMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The response schema of every `…/export`. */
export const excelAnswer = fileAnswer(excelMediaType, 'The matching rows as an Excel workbook (at most 50,000)');

const loadExcelJs = loadOnFirstUse(() => import('exceljs'));

/** Sends rows as an .xlsx attachment with headers in the caller's language. */
export async function sendExcel<Row>(
  reply: FastifyReply,
  options: { fileName: string; sheet: string; language: Language; columns: ExportColumn<Row>[]; rows: Row[] },
) {
  const { default: ExcelJS } = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheet);
  sheet.columns = options.columns.map((column) => ({
    header: typeof column.header === 'string' ? formatMessage(column.header, options.language) : column.header.text,
    width: column.width ?? 20,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of options.rows) sheet.addRow(options.columns.map((column) => column.value(row)));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .header('content-type', excelMediaType)
    .header('content-disposition', `attachment; filename="${options.fileName}.xlsx"`)
    .send(buffer);
}
