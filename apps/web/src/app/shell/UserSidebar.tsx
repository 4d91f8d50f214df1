import { ActionIcon, Avatar, Button, Drawer, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconId, IconPlus, IconTrash } from '@tabler/icons-react';
import { positionLabel } from '@tantieme/contract';
import { useNavigate, useParams } from 'react-router-dom';
import { useAttachDialog } from '../../features/coproprietaire/attach';
import { useCoproprietaires } from '../../features/coproprietaire/queries';
import { useRemoveCoproprietaire } from '../../features/coproprietaire/remove';
import { fr } from '../../i18n/fr';
import { useSwitchCoproprietaire } from './useSwitchCoproprietaire';

/** The user sidebar of SPEC §2.2: the user's records, 'Nouveau copropriétaire', a trash per record. */
export function UserSidebar({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { coproId } = useParams();
  const { data } = useCoproprietaires();
  const switchTo = useSwitchCoproprietaire(onClose);
  const openAttach = useAttachDialog(onClose);
  const navigate = useNavigate();
  const remove = useRemoveCoproprietaire(onClose);
  return (
    <Drawer opened={opened} onClose={onClose} title={fr.header.myAccounts} padding="md" size="sm">
      <Stack gap="xs">
        <ScrollArea.Autosize mah="70vh">
          <Stack gap={4}>
            {(data ?? []).map((rec) => (
              <Group key={rec.id} gap={4} wrap="nowrap">
                <NavLink
                  style={{ flex: 1, borderRadius: 8 }}
                  active={rec.id === coproId}
                  onClick={() => switchTo(rec)}
                  leftSection={<Avatar size="sm" name={rec.display_name.fr} color="initials" />}
                  label={rec.display_name.fr}
                  description={
                    // Mantine fades the description of the active row: a darker grey keeps 4.5:1.
                    <Text size="xs" c="gray.8" component="span">
                      {rec.coproprietes[0]?.name}
                      {positionLabel(rec) ? ` · ${positionLabel(rec)}` : ''}
                    </Text>
                  }
                />
                {!rec.coproprietes[0]?.syndic_disable && (
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${fr.header.coproprietaireInfo} ${rec.display_name.fr}`}
                    onClick={() => {
                      navigate(`/${rec.id}/compte`);
                      onClose();
                    }}
                  >
                    <IconId size={18} />
                  </ActionIcon>
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${fr.header.removeAccount} ${rec.display_name.fr}`}
                  onClick={() => remove(rec)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Button leftSection={<IconPlus size={18} />} variant="light" onClick={openAttach}>
          {fr.header.newCoproprietaire}
        </Button>
      </Stack>
    </Drawer>
  );
}
