import {
  type CoproprietaireSettingKey,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  notificationPreferenceEndpoints,
  type PostalRequestState,
  postalRequestEndpoints,
  type CoproprietaireSettings,
  type CoproprietaireSummary,
  settingsEndpoints,
  type UpdateSupplementBody,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { coproprietairesKey } from '../coproprietaire/queries';
import { optimisticCell } from './optimisticCell';

export const recordSettingsKey = (id: string) => ['coproprietaire-settings', id] as const;
export const supplementKey = (id: string) => ['supplement-info', id] as const;
const postalKey = (id: string) => ['postal-request', id] as const;

/** The co-owner's request to receive notifications by post (loi 1965 art. 42-1), if one is in force. */
export function usePostalRequest(id: string) {
  return useQuery({
    queryKey: postalKey(id),
    queryFn: () => api.call(postalRequestEndpoints.get, { params: { id } }),
  });
}

/** Makes (`on`) or withdraws the request for the post; the answer is the new state. */
export function useSetPostalRequest(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api.call(on ? postalRequestEndpoints.make : postalRequestEndpoints.withdraw, { params: { id } }),
    onSuccess: (data: PostalRequestState) => qc.setQueryData(postalKey(id), data),
  });
}
export const preferencesKey = (id: string) => ['notification-preferences', id] as const;

/** A record's settings, SPEC §9 defaults applied by the server. */
export function useRecordSettings(id: string | undefined) {
  return useQuery({
    queryKey: recordSettingsKey(id ?? ''),
    enabled: !!id,
    queryFn: () => api.call(settingsEndpoints.coproprietaireGet, { params: { id: id as string } }),
  });
}

/** Contact and per-lot info stored for a record, with its lots (onboarding). */
export function useSupplementInfo(id: string | undefined) {
  return useQuery({
    queryKey: supplementKey(id ?? ''),
    enabled: !!id,
    queryFn: () => api.call(settingsEndpoints.supplementGet, { params: { id: id as string } }),
  });
}

const pair = (r: CoproprietaireSummary) => ({
  coproprieteId: r.coproprietes[0]?.id ?? '',
  coproprietaireId: r.id,
});

/** One switch of 'Configuration' (`optimisticCell`). */
export function useUpdateRecordSetting(record: CoproprietaireSummary) {
  const qc = useQueryClient();
  type Change = { key: CoproprietaireSettingKey; value: '1' | '0' };
  const cell = optimisticCell<CoproprietaireSettings, Change>(
    qc,
    recordSettingsKey(record.id),
    {
      set: (d, v) => ({ ...d, [v.key]: v.value }),
      copy: (d, from, v) => ({ ...d, [v.key]: from[v.key] }),
    },
    'settings',
  );
  return useMutation({
    mutationFn: (v: Change) =>
      api.call(settingsEndpoints.coproprietairePut, { params: pair(record), body: { settings: [v] } }),
    onMutate: cell.onMutate,
    onError: cell.onError,
    onSuccess: (data, v) => {
      cell.answered(data, v);
      // The master switch and fund calls by e-mail are also read by the preferences panel.
      void qc.invalidateQueries({ queryKey: preferencesKey(record.id) });
    },
  });
}

/** A record's channels per kind of event (defaults applied by the server). */
export function useNotificationPreferences(id: string | undefined) {
  return useQuery({
    queryKey: preferencesKey(id ?? ''),
    enabled: !!id,
    queryFn: () => api.call(notificationPreferenceEndpoints.get, { params: { id: id as string } }),
  });
}

/** One checkbox of the preferences panel (`optimisticCell`). */
export function useUpdateNotificationPreference(record: CoproprietaireSummary) {
  const qc = useQueryClient();
  type Change = { kind: NotificationKind; channel: NotificationChannel; enabled: boolean };
  const set = (d: NotificationPreferences, v: Change): NotificationPreferences => ({
    ...d,
    matrix: { ...d.matrix, [v.kind]: { ...d.matrix[v.kind], [v.channel]: v.enabled } },
  });
  const cell = optimisticCell<NotificationPreferences, Change>(
    qc,
    preferencesKey(record.id),
    { set, copy: (d, from, v) => set(d, { ...v, enabled: from.matrix[v.kind][v.channel] }) },
    'notification preferences',
  );
  return useMutation({
    mutationFn: (v: Change) =>
      api.call(notificationPreferenceEndpoints.put, { params: pair(record), body: { changes: [v] } }),
    onMutate: cell.onMutate,
    onError: cell.onError,
    onSuccess: (data, v) => {
      cell.answered(data, v);
      // The payments × e-mail cell is stored as the setting receive-appel-de-fond-via-email.
      void qc.invalidateQueries({ queryKey: recordSettingsKey(record.id) });
    },
  });
}

export function useUpdateSupplement(record: CoproprietaireSummary) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSupplementBody) =>
      api.call(settingsEndpoints.supplementPut, { params: pair(record), body }),
    onSuccess: (data) => {
      qc.setQueryData(supplementKey(record.id), data);
      // Fund calls by e-mail depend on the contact e-mail; the record carries user_supplement_info.
      void qc.invalidateQueries({ queryKey: recordSettingsKey(record.id) });
      void qc.invalidateQueries({ queryKey: coproprietairesKey });
    },
  });
}

/** Step 'Mes choix': stores the choices, ends onboarding, then reloads the co-owner data. */
export function useCompleteInitSettings(record: CoproprietaireSummary) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: { key: CoproprietaireSettingKey; value: '1' | '0' }[]) =>
      api.call(settingsEndpoints.initSettingsPut, { params: pair(record), body: { settings } }),
    onSuccess: async (data) => {
      qc.setQueryData(recordSettingsKey(record.id), data.settings);
      await qc.invalidateQueries({ queryKey: coproprietairesKey });
    },
  });
}
