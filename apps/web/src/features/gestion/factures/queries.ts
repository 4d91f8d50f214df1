import {
  type CaptureInvoiceBody,
  consoleFacturesEndpoints as f,
  type ThresholdBody,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api';
import { moneyKeys } from '../money/queries';

const key = (coproId: string) => ['gestion', 'immeuble', coproId, 'factures'] as const;

export function useInvoices(coproId: string) {
  return useQuery({ queryKey: key(coproId), queryFn: () => api.call(f.list, { params: { coproId } }) });
}

/** Every write refreshes the list and the building's money (the journal moved). */
function useInvoiceWrite<V, R>(coproId: string, fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: key(coproId) });
      void qc.invalidateQueries({ queryKey: moneyKeys.all(coproId) });
    },
  });
}

export const useCaptureInvoice = (coproId: string) =>
  useInvoiceWrite(coproId, (body: CaptureInvoiceBody) => api.call(f.capture, { params: { coproId }, body }));
export const useSendToCouncil = (coproId: string) =>
  useInvoiceWrite(coproId, (invoiceId: string) =>
    api.call(f.sendToCouncil, { params: { coproId, invoiceId } }),
  );
export const usePayInvoice = (coproId: string) =>
  useInvoiceWrite(coproId, (v: { invoiceId: string; date: string }) =>
    api.call(f.pay, { params: { coproId, invoiceId: v.invoiceId }, body: { date: v.date } }),
  );
export const useSetThreshold = (coproId: string) =>
  useInvoiceWrite(coproId, (body: ThresholdBody) => api.call(f.threshold, { params: { coproId }, body }));

/** A file read as base64 (without the data URL's head). */
export function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}
