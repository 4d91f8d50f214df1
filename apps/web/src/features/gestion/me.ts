import { ApiError, type ConsoleAction, type ConsoleMe } from '@tantieme/contract';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session';

export const consoleMeKey = (token: string | null) => ['gestion', 'moi', token] as const;

/**
 * Who the signed-in user is in the console: staff of a syndic, a volunteer syndic, or neither
 * (null: the server answers 404). Asked once per session.
 */
export function useConsoleMe(enabled = true) {
  const { token } = useSession();
  return useQuery({
    queryKey: consoleMeKey(token),
    enabled: enabled && !!token,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status < 500),
    queryFn: async (): Promise<ConsoleMe | null> => {
      try {
        return await (await import('./meCall')).fetchConsoleMe();
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return null;
        throw err;
      }
    },
  });
}

/** Whether the actor may do an action (the server's answer of `rules/console.ts`). */
export const may = (me: ConsoleMe | null | undefined, action: ConsoleAction) =>
  !!me?.actions.includes(action);
