import { Button, Checkbox, Group, ScrollArea, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConsoleStaffMember } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { gestionFr } from '../fr';
import { usePortfolio } from '../queries';
import { useStaffActions } from '../queriesPeople';

const t = gestionFr.team;

/** The buildings given to a staff member: the whole list, ticked. */
export function AssignBuildings({ member, onDone }: { member: ConsoleStaffMember; onDone(): void }) {
  const portfolio = usePortfolio();
  const { assign } = useStaffActions();
  const [chosen, setChosen] = useState<string[]>(member.coproprietes.map((c) => c.id));
  const save = () =>
    assign.mutate(
      { staffId: member.id, coproprietes: chosen },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: gestionFr.saved });
          onDone();
        },
        onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
      },
    );
  return (
    <Stack gap="sm">
      <ScrollArea.Autosize mah="50vh">
        <Checkbox.Group value={chosen} onChange={setChosen} label={t.buildings}>
          <Stack gap={8} mt="xs">
            {(portfolio.data?.buildings ?? []).map((b) => (
              <Checkbox key={b.id} value={b.id} label={b.name} description={b.full_address} />
            ))}
          </Stack>
        </Checkbox.Group>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button onClick={save} loading={assign.isPending}>
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}
