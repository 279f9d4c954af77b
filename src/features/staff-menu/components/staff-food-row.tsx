import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { ActionIcon, Badge, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { generatePath, Link } from 'react-router-dom';
import type { StaffFood } from '#contract/staff-menu';
import { CoverImage } from '#src/components/cover-image';
import { IconDots, IconTrash } from '#src/components/action-icons';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { DishSoldOut } from './dish-sold-out';
import classes from './staff-menu.module.css';

const text = vi.staffMenu;

interface StaffFoodRowProps {
  food: StaffFood;
  /** This dish's toggle or delete is running: its menu waits. */
  busy: boolean;
  onToggle: (food: StaffFood) => void;
  onDelete: (food: StaffFood) => void;
}

/**
 * One dish of /staff/menu (spec 2.18): image, name, price, status, 'Hết món hôm nay' in reach
 * of a busy kitchen's finger, and its row menu.
 */
export function StaffFoodRow({ food, busy, onToggle, onDelete }: StaffFoodRowProps) {
  const editPath = generatePath(paths.staffDish, { id: String(food.id) });
  return (
    <Paper withBorder radius="md" p="sm" className={classes.row}>
      <CoverImage
        src={food.image_url}
        alt=""
        ratio={1}
        width={96}
        height={96}
        className={classes.thumb}
      />
      <Stack gap={4} miw={0}>
        <Link to={editPath} className={classes.name}>
          {food.name}
        </Link>
        <Group gap="sm" wrap="wrap">
          <Text className={classes.money}>{formatVnd(food.price)}</Text>
          <Badge color={food.available ? 'green' : 'gray'} variant="light" size="lg">
            {food.available ? text.available : text.unavailable}
          </Badge>
        </Group>
        <DishSoldOut food={food} />
      </Stack>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size={48}
            radius="md"
            aria-label={text.actions(food.name)}
            loading={busy}
          >
            <IconDots />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={editPath} fz="md" py="sm">
            {text.edit}
          </Menu.Item>
          <Menu.Item fz="md" py="sm" onClick={() => onToggle(food)}>
            {food.available ? text.pause : text.resume}
          </Menu.Item>
          <Menu.Item
            fz="md"
            py="sm"
            color="red"
            leftSection={<IconTrash size={18} />}
            onClick={() => onDelete(food)}
          >
            {text.delete}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Paper>
  );
}
