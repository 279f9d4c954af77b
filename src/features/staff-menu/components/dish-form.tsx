import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import {
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { StaffFood } from '#contract/staff-menu';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { getErrorMessage, getErrorReply } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useFileChoice } from '#src/lib/use-file-choice';
import { useSaveFood } from '../api/save-food';
import {
  dishFieldErrors,
  initialDishValues,
  toDishRequest,
  type DishFieldErrors,
  type DishFormValues,
} from '../dish-form-values';
import {
  checkOptionGroups,
  hasOptionGroupErrors,
  NO_OPTION_GROUP_ERRORS,
} from '../option-groups-state';
import { CategoryPicker } from './category-picker';
import { DishImageField } from './dish-image-field';
import { DishSoldOut } from './dish-sold-out';
import { OptionGroupsEditor } from './option-groups-editor';
import { PRICE_SUFFIX, ToppingsEditor } from './toppings-editor';

const text = vi.dishForm;

const NO_ERRORS: DishFieldErrors = {
  fields: {},
  toppings: {},
  optionGroups: NO_OPTION_GROUP_ERRORS,
};

/**
 * The dish form of spec 2.18 for a new dish (`food` null) or an existing one. Spec section 5
 * gives the spec's fields no checks of their own: the server judges them and its field errors
 * come back under the fields; any failure is also a toast with the server's message. The
 * option groups, which are not the spec's, are checked here first by the contract's rules, so
 * a wrong min or max is pointed at before anything is sent.
 */
export function DishForm({ food }: { food: StaffFood | null }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<DishFormValues>(() => initialDishValues(food));
  const [errors, setErrors] = useState<DishFieldErrors>(NO_ERRORS);
  const [image, chooseImage] = useFileChoice();
  const save = useSaveFood(food?.id ?? null);

  const set = <K extends keyof DishFormValues>(key: K, value: DishFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = checkOptionGroups(values.optionGroups);
    if (hasOptionGroupErrors(problems)) {
      setErrors({ ...NO_ERRORS, optionGroups: problems });
      toast.error(text.fixOptionGroups);
      return;
    }
    const { payload, toppingKeys, optionGroups } = toDishRequest(values);
    const file = values.imageSource === 'file' ? (image?.file ?? null) : null;
    save.mutate(
      { payload, image: file },
      {
        onSuccess: () => {
          toast.success(food ? text.updated : text.created);
          void navigate(paths.staffMenu);
        },
        onError: (error) => {
          setErrors(dishFieldErrors(getErrorReply(error)?.errors, toppingKeys, optionGroups));
          toast.error(getErrorMessage(error));
        },
      },
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="lg">
        <TextInput
          size="md"
          label={text.name}
          required
          maxLength={200}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.fields.name}
        />
        <NumberInput
          size="md"
          label={text.price}
          hideControls
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          suffix={PRICE_SUFFIX}
          inputMode="numeric"
          value={values.price}
          onChange={(value) => set('price', typeof value === 'number' ? value : '')}
          error={errors.fields.price}
        />
        <Textarea
          size="md"
          label={text.description}
          rows={4}
          resize="vertical"
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errors.fields.description}
        />
        <DishImageField
          source={values.imageSource}
          onSource={(source) => set('imageSource', source)}
          file={image}
          onFile={chooseImage}
          url={values.imageUrl}
          onUrl={(url) => set('imageUrl', url)}
          current={food?.image_url ?? null}
          error={errors.fields.image}
        />
        <CategoryPicker
          value={values.categoryIds}
          onChange={(ids) => set('categoryIds', ids)}
          error={errors.fields.categories}
        />
        <ToppingsEditor
          rows={values.toppings}
          onChange={(rows) => set('toppings', rows)}
          rowErrors={errors.toppings}
          error={errors.fields.toppings}
        />
        <OptionGroupsEditor
          groups={values.optionGroups}
          onChange={(groups) => set('optionGroups', groups)}
          errors={errors.optionGroups}
          food={food}
        />
        <Switch
          size="lg"
          label={text.available}
          description={text.availableHint}
          checked={values.available}
          onChange={(event) => set('available', event.currentTarget.checked)}
          error={errors.fields.available}
        />
        {food ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {text.soldOutTitle}
            </Text>
            <Text size="sm" c="dimmed">
              {text.soldOutHint}
            </Text>
            <DishSoldOut food={food} />
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={paths.staffMenu} variant="default" size="md">
            {text.cancel}
          </Button>
          <Button type="submit" size="md" loading={save.isPending}>
            {food ? text.save : text.create}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
