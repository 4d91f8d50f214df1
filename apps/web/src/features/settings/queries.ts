import {
  type CoproprietaireSettingKey,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  notificationPreferenceEndpoints,
  type CoproprietaireSettings,
  type CoproprietaireSummary,
  settingsEndpoints,
  type UpdateSupplementBody,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { coproprietairesKey } from '../coproprietaire/queries';

export const recordSettingsKey = (id: string) => ['coproprietaire-settings', id] as const;
export const supplementKey = (id: string) => ['supplement-info', id] as const;
export const consentKey = (id: string) => ['electronic-consent', id] as const;

/** The recorded consent to electronic notification (loi 1965 art. 42-1) and its history. */
export function useElectronicConsent(id: string | undefined) {
  return useQuery({
    queryKey: consentKey(id ?? ''),
    enabled: !!id,
    queryFn: () => api.call(settingsEndpoints.consentGet, { params: { id: id as string } }),
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

/**
 * One switch of 'Configuration': applied at once (optimistic) and rolled back if the server
 * refuses; failures are only logged (SPEC §8).
 */
export function useUpdateRecordSetting(record: CoproprietaireSummary) {
  const qc = useQueryClient();
  const key = recordSettingsKey(record.id);
  return useMutation({
    mutationFn: (v: { key: CoproprietaireSettingKey; value: '1' | '0' }) =>
      api.call(settingsEndpoints.coproprietairePut, { params: pair(record), body: { settings: [v] } }),
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<CoproprietaireSettings>(key);
      if (previous) qc.setQueryData<CoproprietaireSettings>(key, { ...previous, [v.key]: v.value });
      return { previous };
    },
    // Only the switch this call changed is rolled back or taken from the answer: switches flipped
    // one after another have their calls in flight together, and an earlier answer or refusal
    // must not undo a later switch.
    onError: (err, v, ctx) => {
      console.error('settings update failed', err);
      if (ctx?.previous)
        qc.setQueryData<CoproprietaireSettings>(key, (cur) =>
          cur ? { ...cur, [v.key]: ctx.previous?.[v.key] } : ctx.previous,
        );
    },
    onSuccess: (data, v) => {
      qc.setQueryData<CoproprietaireSettings>(key, (cur) => (cur ? { ...cur, [v.key]: data[v.key] } : data));
      if (v.key === 'allow-convocation-electronic')
        void qc.invalidateQueries({ queryKey: consentKey(record.id) });
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

/** One checkbox of the preferences panel: applied at once, rolled back if the server refuses. */
export function useUpdateNotificationPreference(record: CoproprietaireSummary) {
  const qc = useQueryClient();
  const key = preferencesKey(record.id);
  return useMutation({
    mutationFn: (v: { kind: NotificationKind; channel: NotificationChannel; enabled: boolean }) =>
      api.call(notificationPreferenceEndpoints.put, { params: pair(record), body: { changes: [v] } }),
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<NotificationPreferences>(key);
      if (previous)
        qc.setQueryData<NotificationPreferences>(key, {
          ...previous,
          matrix: { ...previous.matrix, [v.kind]: { ...previous.matrix[v.kind], [v.channel]: v.enabled } },
        });
      return { previous };
    },
    onError: (err, _v, ctx) => {
      console.error('notification preferences update failed', err);
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
    onSuccess: (data) => {
      qc.setQueryData(key, data);
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
      void qc.invalidateQueries({ queryKey: consentKey(record.id) });
      await qc.invalidateQueries({ queryKey: coproprietairesKey });
    },
  });
}
