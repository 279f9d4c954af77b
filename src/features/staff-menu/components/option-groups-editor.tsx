import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { OPTION_GROUPS_MAX, OPTION_NAME_MAX, OPTIONS_PER_GROUP_MAX } from '#contract/options';
import type { StaffOption } from '#contract/options';
import type { StaffFood } from '#contract/staff-menu';
import { reopenTime } from '#contract/store-words';
import { IconPlus, IconTrash } from '#src/components/action-icons';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { soldOutUntil, useSoldOut } from '../api/sold-out';
import {
  moveRow,
  newOptionGroupRow,
  newOptionRow,
  type OptionGroupErrors,
  type OptionGroupRow,
  type OptionRow,
} from '../option-groups-state';
import { PRICE_SUFFIX } from './toppings-editor';
import classes from './staff-menu.module.css';

const text = vi.dishForm;
const menuText = vi.staffMenu;

interface OptionGroupsEditorProps {
  groups: OptionGroupRow[];
  onChange: (groups: OptionGroupRow[]) => void;
  errors: OptionGroupErrors;
  /** The dish as the server has it (null while creating): its saved options can sell out. */
  food: StaffFood | null;
}

/** 'Hết hôm nay' for a saved option, or until when it is out and 'Bán lại'. */
function OptionSoldOut({
  foodId,
  option,
  number,
  group,
}: {
  foodId: number;
  option: StaffOption;
  number: number;
  group: number;
}) {
  const mutation = useSoldOut();
  const until = soldOutUntil(option.available_again_at);
  const run = (soldOut: boolean) =>
    mutation.mutate(
      { foodId, optionId: option.id, soldOut },
      {
        onSuccess: () => toast.success(soldOut ? menuText.markedSoldOut : menuText.resold),
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );
  if (until === null) {
    return (
      <Button
        size="sm"
        variant="light"
        color="orange"
        aria-label={text.optionSoldOut(number, group)}
        loading={mutation.isPending}
        onClick={() => run(true)}
      >
        {text.optionSoldOutShort}
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={600} c="orange.8">
        {text.optionSoldOutUntil(reopenTime(until))}
      </Text>
      <Button
        size="sm"
        variant="light"
        aria-label={text.optionResell(number, group)}
        loading={mutation.isPending}
        onClick={() => run(false)}
      >
        {menuText.resell}
      </Button>
    </Group>
  );
}

/**
 * The dish's option groups below its toppings: each a name, how many of its options a customer
 * picks (at least, at most) and its options with a price in whole đồng and an on/off switch.
 * Groups are added, moved up or down and removed; saved options also sell out for today here.
 * The contract's rules are checked when the form is sent (option-groups-state.ts) and their
 * messages, or the server's, show under the fields they concern.
 */
export function OptionGroupsEditor({ groups, onChange, errors, food }: OptionGroupsEditorProps) {
  const saved = new Map<number, StaffOption>();
  for (const group of food?.option_groups ?? []) {
    for (const option of group.options) saved.set(option.id, option);
  }

  const updateGroup = (key: string, change: Partial<OptionGroupRow>) =>
    onChange(groups.map((group) => (group.key === key ? { ...group, ...change } : group)));
  const updateOption = (group: OptionGroupRow, key: string, change: Partial<OptionRow>) =>
    updateGroup(group.key, {
      options: group.options.map((option) =>
        option.key === key ? { ...option, ...change } : option,
      ),
    });
  const full = groups.length >= OPTION_GROUPS_MAX;

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{text.optionGroups}</legend>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {groups.length === 0 ? text.noOptionGroups : text.optionGroupsHint}
        </Text>
        {groups.map((group, index) => {
          const number = index + 1;
          const groupErrors = errors.groups[group.key] ?? {};
          const fullGroup = group.options.length >= OPTIONS_PER_GROUP_MAX;
          return (
            <Paper
              key={group.key}
              withBorder
              radius="md"
              p="sm"
              component="section"
              aria-label={text.group(number)}
            >
              <Stack gap="sm">
                <div className={classes.groupHead}>
                  <TextInput
                    size="md"
                    label={text.groupNameLabel}
                    aria-label={text.groupName(number)}
                    placeholder={text.groupNamePlaceholder}
                    maxLength={OPTION_NAME_MAX}
                    value={group.name}
                    onChange={(event) =>
                      updateGroup(group.key, { name: event.currentTarget.value })
                    }
                    error={groupErrors.name}
                  />
                  <NumberInput
                    size="md"
                    label={text.minLabel}
                    aria-label={text.min(number)}
                    allowDecimal={false}
                    allowNegative={false}
                    min={0}
                    max={OPTIONS_PER_GROUP_MAX}
                    clampBehavior="none"
                    inputMode="numeric"
                    value={group.min}
                    onChange={(value) =>
                      updateGroup(group.key, { min: typeof value === 'number' ? value : '' })
                    }
                    error={groupErrors.min}
                  />
                  <NumberInput
                    size="md"
                    label={text.maxLabel}
                    aria-label={text.max(number)}
                    allowDecimal={false}
                    allowNegative={false}
                    min={0}
                    max={OPTIONS_PER_GROUP_MAX}
                    clampBehavior="none"
                    inputMode="numeric"
                    value={group.max}
                    onChange={(value) =>
                      updateGroup(group.key, { max: typeof value === 'number' ? value : '' })
                    }
                    error={groupErrors.max}
                  />
                </div>
                {group.options.map((option, optionIndex) => {
                  const optionNumber = optionIndex + 1;
                  const optionErrors = errors.options[option.key] ?? {};
                  const savedOption = option.id === undefined ? undefined : saved.get(option.id);
                  return (
                    <div key={option.key} className={classes.optionRow}>
                      <TextInput
                        size="md"
                        className={classes.optionName}
                        aria-label={text.optionName(optionNumber, number)}
                        placeholder={text.optionNamePlaceholder}
                        maxLength={OPTION_NAME_MAX}
                        value={option.name}
                        onChange={(event) =>
                          updateOption(group, option.key, { name: event.currentTarget.value })
                        }
                        error={optionErrors.name}
                      />
                      <NumberInput
                        size="md"
                        className={classes.optionPrice}
                        aria-label={text.optionPrice(optionNumber, number)}
                        hideControls
                        allowDecimal={false}
                        allowNegative={false}
                        thousandSeparator="."
                        decimalSeparator=","
                        suffix={PRICE_SUFFIX}
                        inputMode="numeric"
                        value={option.price}
                        onChange={(value) =>
                          updateOption(group, option.key, {
                            price: typeof value === 'number' ? value : '',
                          })
                        }
                        error={optionErrors.price}
                      />
                      <Switch
                        size="md"
                        label={text.optionAvailableShort}
                        aria-label={text.optionAvailable(optionNumber, number)}
                        checked={option.available}
                        onChange={(event) =>
                          updateOption(group, option.key, {
                            available: event.currentTarget.checked,
                          })
                        }
                      />
                      {food && savedOption ? (
                        <OptionSoldOut
                          foodId={food.id}
                          option={savedOption}
                          number={optionNumber}
                          group={number}
                        />
                      ) : null}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size={42}
                        aria-label={text.removeOption(optionNumber, number)}
                        onClick={() =>
                          updateGroup(group.key, {
                            options: group.options.filter((other) => other.key !== option.key),
                          })
                        }
                      >
                        <IconTrash />
                      </ActionIcon>
                    </div>
                  );
                })}
                {groupErrors.options ? (
                  <Text size="sm" c="red">
                    {groupErrors.options}
                  </Text>
                ) : null}
                <Group gap="xs" wrap="wrap">
                  <Button
                    variant="light"
                    size="sm"
                    leftSection={<IconPlus />}
                    aria-label={text.addOption(number)}
                    disabled={fullGroup}
                    onClick={() =>
                      updateGroup(group.key, { options: [...group.options, newOptionRow()] })
                    }
                  >
                    {text.addOptionShort}
                  </Button>
                  <Button
                    variant="default"
                    size="sm"
                    aria-label={text.moveUp(number)}
                    disabled={index === 0}
                    onClick={() => onChange(moveRow(groups, index, -1))}
                  >
                    {text.moveUpShort}
                  </Button>
                  <Button
                    variant="default"
                    size="sm"
                    aria-label={text.moveDown(number)}
                    disabled={index === groups.length - 1}
                    onClick={() => onChange(moveRow(groups, index, 1))}
                  >
                    {text.moveDownShort}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={text.removeGroup(number)}
                    onClick={() => onChange(groups.filter((other) => other.key !== group.key))}
                  >
                    {text.removeGroupShort}
                  </Button>
                </Group>
                {fullGroup ? (
                  <Text size="sm" c="dimmed">
                    {text.optionRules.tooManyOptions(OPTIONS_PER_GROUP_MAX)}
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
        {errors.list ? (
          <Text size="sm" c="red">
            {errors.list}
          </Text>
        ) : null}
        <Button
          variant="light"
          size="md"
          w="fit-content"
          leftSection={<IconPlus />}
          disabled={full}
          onClick={() => onChange([...groups, newOptionGroupRow()])}
        >
          {text.addGroup}
        </Button>
        {full ? (
          <Text size="sm" c="dimmed">
            {text.optionRules.tooManyGroups(OPTION_GROUPS_MAX)}
          </Text>
        ) : null}
      </Stack>
    </fieldset>
  );
}
