import { Stack, Text, Timeline as MTimeline } from '@mantine/core';
import { formatDate, SIGNALEMENT_STATUS_LABELS, type SignalementEvent } from '@tantieme/contract';
import { signalementsFr as t } from '../fr';

const at = (iso: string) =>
  `${formatDate(iso)} à ${new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' })}`;

function headline(e: SignalementEvent) {
  if (e.kind === 'STATUS' && e.status) {
    const label = SIGNALEMENT_STATUS_LABELS[e.status];
    return t.events.STATUS(e.planned_on ? `${label} (${formatDate(e.planned_on)})` : label);
  }
  return e.kind === 'CREATED' ? t.events.CREATED : t.events.COMMENT;
}

/** The report's filing, the syndic's answers and every move, oldest first, each with its date. */
export function Timeline({ events }: { events: SignalementEvent[] }) {
  return (
    <MTimeline
      active={events.length - 1}
      bulletSize={14}
      lineWidth={2}
      component="ol"
      aria-label={t.timeline}
      style={{ listStyleType: 'none', marginBlock: 0 }}
    >
      {events.map((e) => (
        <MTimeline.Item
          key={e.id}
          component="li"
          style={{ listStyleType: 'none' }}
          title={
            <Text fw={600} size="sm" component="span">
              {headline(e)}
            </Text>
          }
        >
          <Stack gap={2}>
            <Text size="sm" c="gray.8">
              <time dateTime={e.at}>{at(e.at)}</time> ·{' '}
              {e.by === 'syndic' ? `${t.bySyndic} (${e.author})` : e.author}
            </Text>
            {e.text && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {e.text}
              </Text>
            )}
          </Stack>
        </MTimeline.Item>
      ))}
    </MTimeline>
  );
}
