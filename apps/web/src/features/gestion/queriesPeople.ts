import {
  type CoproprietaireBodyConsole,
  type ConsoleStaffBody,
  consoleBenevoleEndpoints,
  consoleOwnerEndpoints,
  consolePostalRequestEndpoints,
  consoleStaffEndpoints,
} from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { gestionKeys } from './queries';

const ownersKey = (coproId: string) => ['gestion', 'immeuble', coproId, 'coproprietaires'] as const;
const staffKey = ['gestion', 'equipe'] as const;

/** A building's co-owners with their state, latest invitation and balance. */
export function useOwners(coproId: string) {
  return useQuery({
    queryKey: ownersKey(coproId),
    queryFn: () => api.call(consoleOwnerEndpoints.list, { params: { coproId } }),
  });
}

/** After a change of the co-owners: their list, the counts of the portfolio, the history. */
function useOwnersSettled(coproId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ownersKey(coproId) });
    void qc.invalidateQueries({ queryKey: gestionKeys.portfolio });
    void qc.invalidateQueries({ queryKey: gestionKeys.lots(coproId) });
    void qc.invalidateQueries({ queryKey: gestionKeys.history(coproId) });
  };
}

export function useCreateOwner(coproId: string) {
  const onSuccess = useOwnersSettled(coproId);
  return useMutation({
    mutationFn: (body: CoproprietaireBodyConsole) =>
      api.call(consoleOwnerEndpoints.create, { params: { coproId }, body }),
    onSuccess,
  });
}

/** Change a co-owner record (identity, contact, lots) through the same service as the API. */
export function useUpdateOwner(coproId: string) {
  const onSuccess = useOwnersSettled(coproId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CoproprietaireBodyConsole }) =>
      api.call(consoleOwnerEndpoints.update, { params: { coproId, coproprietaireId: id }, body }),
    onSuccess,
  });
}

/** Send, send again or revoke an invitation; or invite all who have none. */
export function useInvitations(coproId: string) {
  const onSuccess = useOwnersSettled(coproId);
  return {
    invite: useMutation({
      mutationFn: (coproprietaireId: string) =>
        api.call(consoleOwnerEndpoints.invite, {
          params: { coproId, coproprietaireId },
          body: { channel: 'email' },
        }),
      onSuccess,
    }),
    inviteAll: useMutation({
      mutationFn: () => api.call(consoleOwnerEndpoints.inviteAll, { params: { coproId } }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) =>
        api.call(consoleOwnerEndpoints.revokeInvitation, { params: { coproId, invitationId } }),
      onSuccess,
    }),
  };
}

/** Name or revoke the building's volunteer syndic (administrateur). */
export function useBenevole(coproId: string) {
  const qc = useQueryClient();
  const settled = useOwnersSettled(coproId);
  const onSuccess = () => {
    settled();
    void qc.invalidateQueries({ queryKey: gestionKeys.building(coproId) });
  };
  return {
    name: useMutation({
      mutationFn: (coproprietaireId: string) =>
        api.call(consoleBenevoleEndpoints.name, {
          params: { coproId },
          body: { coproprietaire_id: coproprietaireId },
        }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: () => api.call(consoleBenevoleEndpoints.revoke, { params: { coproId } }),
      onSuccess,
    }),
  };
}

/** Record or withdraw a co-owner's request for the post (loi 1965 art. 42-1). */
export function usePostalRequest(coproId: string) {
  const onSuccess = useOwnersSettled(coproId);
  return {
    record: useMutation({
      mutationFn: ({ coproprietaireId, receivedAt }: { coproprietaireId: string; receivedAt: string }) =>
        api.call(consolePostalRequestEndpoints.record, {
          params: { coproId, coproprietaireId },
          body: { received_at: receivedAt },
        }),
      onSuccess,
    }),
    withdraw: useMutation({
      mutationFn: (coproprietaireId: string) =>
        api.call(consolePostalRequestEndpoints.withdraw, { params: { coproId, coproprietaireId } }),
      onSuccess,
    }),
  };
}

export function useStaff() {
  return useQuery({ queryKey: staffKey, queryFn: () => api.call(consoleStaffEndpoints.list) });
}

export function useStaffActions() {
  const qc = useQueryClient();
  const onSuccess = () => void qc.invalidateQueries({ queryKey: staffKey });
  return {
    create: useMutation({
      mutationFn: (body: ConsoleStaffBody) => api.call(consoleStaffEndpoints.create, { body }),
      onSuccess,
    }),
    disable: useMutation({
      mutationFn: (staffId: string) => api.call(consoleStaffEndpoints.disable, { params: { staffId } }),
      onSuccess,
    }),
    enable: useMutation({
      mutationFn: (staffId: string) => api.call(consoleStaffEndpoints.enable, { params: { staffId } }),
      onSuccess,
    }),
    assign: useMutation({
      mutationFn: ({ staffId, coproprietes }: { staffId: string; coproprietes: string[] }) =>
        api.call(consoleStaffEndpoints.assign, { params: { staffId }, body: { coproprietes } }),
      onSuccess,
    }),
  };
}
