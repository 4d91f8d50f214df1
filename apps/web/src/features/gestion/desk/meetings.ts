import { consoleDeskEndpoints as e } from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api';

// Apart from the desk's live queries: every building page reads this for its link, and must not
// load the socket client with it.
export const deskKeys = {
  desk: (assembleeId: string) => ['gestion', 'seance', assembleeId] as const,
  meetings: (coproId: string) => ['gestion', 'immeuble', coproId, 'seances'] as const,
};

/** The building's assemblies meeting today or in session (the desk's way in). */
export function useDeskMeetings(coproId: string) {
  return useQuery({
    queryKey: deskKeys.meetings(coproId),
    queryFn: () => api.call(e.meetings, { params: { coproId } }),
    staleTime: 60_000,
  });
}
