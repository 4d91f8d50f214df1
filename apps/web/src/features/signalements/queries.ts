import {
  mediaEndpoints,
  SIGNALEMENT_PHOTO_BUCKET,
  type SignalementCreateBody,
  type SignalementDetail,
  signalementsEndpoints as e,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api';
import { useRealtimeEvents } from '../notifications/realtime';

const listKey = (recordId: string) => ['signalements', recordId];
const oneKey = (recordId: string, id: string) => ['signalements', recordId, id];

/** The building's reports the record may see: open ones first. */
export function useSignalements(recordId: string) {
  return useQuery({
    queryKey: listKey(recordId),
    queryFn: () => api.call(e.list, { params: { id: recordId } }),
    enabled: !!recordId,
  });
}

export function useSignalement(recordId: string, id: string) {
  return useQuery({
    queryKey: oneKey(recordId, id),
    queryFn: () => api.call(e.get, { params: { id: recordId, signalementId: id } }),
    enabled: !!recordId && !!id,
    retry: false,
  });
}

/**
 * The syndic's answers and moves reach the author and supporters as notifications: on a new one
 * for this record, the reports shown are fetched again.
 */
export function useLiveSignalements(recordId: string) {
  const qc = useQueryClient();
  useRealtimeEvents(
    useCallback(
      (e) => {
        if ('notification_action' in e && e.notification_action === 'new' && e.coproprietaire_id === recordId)
          void qc.invalidateQueries({ queryKey: listKey(recordId) });
      },
      [qc, recordId],
    ),
  );
}

/** After a change: the report as answered, and the list refetched. */
function useSettle(recordId: string) {
  const qc = useQueryClient();
  return (d: SignalementDetail) => {
    qc.setQueryData(oneKey(recordId, d.id), d);
    void qc.invalidateQueries({ queryKey: listKey(recordId), exact: true });
  };
}

export function useCreateSignalement(recordId: string) {
  const settle = useSettle(recordId);
  return useMutation({
    mutationFn: (body: SignalementCreateBody) => api.call(e.create, { params: { id: recordId }, body }),
    onSuccess: settle,
  });
}

/** 'Moi aussi' (on) or its withdrawal (off). */
export function useSupport(recordId: string) {
  const settle = useSettle(recordId);
  return useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) =>
      api.call(on ? e.support : e.unsupport, { params: { id: recordId, signalementId: id } }),
    onSuccess: settle,
  });
}

export function useComment(recordId: string, id: string) {
  const settle = useSettle(recordId);
  return useMutation({
    mutationFn: (text: string) =>
      api.call(e.comment, { params: { id: recordId, signalementId: id }, body: { text } }),
    onSuccess: settle,
  });
}

/** Longest side of a photo sent from the phone: the server keeps sizes up to this (decision 118). */
const SEND_MAX_PX = 2048;

/**
 * A photo as sent: a large or non-web image (a 12 MP camera shot, a HEIC) is redrawn as a JPEG of
 * at most 2048 px first, so it goes out in a few hundred KB on a mobile network.
 */
export async function photoToSend(file: File): Promise<{ blob: Blob; type: string }> {
  const web = ['image/jpeg', 'image/png', 'image/webp'].includes(file.type);
  if (web && file.size <= 2 * 1024 * 1024) return { blob: file, type: file.type };
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, SEND_MAX_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) throw new Error('photo');
  return { blob, type: 'image/jpeg' };
}

/** Uploads one photo through a presigned URL (resized by the server on the way in); its key. */
export async function uploadPhoto(file: File): Promise<string> {
  const { blob, type } = await photoToSend(file);
  const pre = await api.call(mediaEndpoints.presignedUrl, {
    body: { bucket: SIGNALEMENT_PHOTO_BUCKET, file_name: file.name || 'photo.jpg', file_type: type },
  });
  const put = await fetch(pre.upload_url, { method: 'PUT', headers: { 'content-type': type }, body: blob });
  if (!put.ok) throw new Error('upload');
  return pre.key;
}
