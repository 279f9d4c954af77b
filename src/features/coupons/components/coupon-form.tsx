import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Alert,
  Button,
  Input,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import type { ManagedCoupon } from '#contract/coupon-admin';
import { vi } from '#src/i18n/vi';
import { toast } from '#src/lib/toast';
import { couponChoiceQueries, type Choice } from '../api/coupon-choices';
import { useCreateCoupon, useEditCoupon } from '../api/managed-coupons';
import {
  changedFields,
  couponToValues,
  emptyCouponValues,
  refusalOf,
  validateCoupon,
  valuesToBody,
  type CouponField,
  type CouponFormErrors,
  type CouponFormValues,
  type CouponScope,
} from '../coupon-form-values';

const text = vi.coupons;

/** The restaurant search's pause after the last keystroke. */
const RESTAURANT_SEARCH_PAUSE_MS = 300;

/** What the form modal shows: kept while it closes, so the closing dialog keeps its content. */
export interface CouponFormState {
  opened: boolean;
  /** The coupon being edited; null creates one. */
  coupon: ManagedCoupon | null;
  /** A new value at each opening gives a fresh form. */
  session: number;
}

interface CouponFormModalProps {
  scope: CouponScope;
  state: CouponFormState;
  onClose: () => void;
}

/** 'Tạo mã giảm giá' or 'Sửa mã …' in a modal: the one form of both screens. */
export function CouponFormModal({ scope, state, onClose }: CouponFormModalProps) {
  const { opened, coupon, session } = state;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={coupon ? text.editTitle(coupon.code) : text.create}
      size="lg"
      closeButtonProps={{ 'aria-label': vi.app.close }}
    >
      <CouponForm key={session} scope={scope} coupon={coupon} onDone={onClose} />
    </Modal>
  );
}

interface CouponFormProps {
  scope: CouponScope;
  coupon: ManagedCoupon | null;
  onDone: () => void;
}

const numberProps = {
  allowDecimal: false,
  allowNegative: false,
  thousandSeparator: '.',
  decimalSeparator: ',',
  hideControls: true,
  inputMode: 'numeric',
} as const;

function CouponForm({ scope, coupon, onDone }: CouponFormProps) {
  const initial = useMemo(() => (coupon ? couponToValues(coupon) : emptyCouponValues()), [coupon]);
  const [values, setValues] = useState<CouponFormValues>(initial);
  const [errors, setErrors] = useState<CouponFormErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const create = useCreateCoupon(scope);
  const edit = useEditCoupon(scope);
  const saving = create.isPending || edit.isPending;

  function set<K extends CouponField>(field: K, value: CouponFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(undefined);
  }

  const number = (value: string | number): number | '' =>
    typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value);

  function refused(error: unknown) {
    const refusal = refusalOf(error);
    setErrors(refusal.fields);
    setFormError(refusal.form);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const body = valuesToBody(values, scope);
    const problems = validateCoupon(body, scope);
    setErrors(problems);
    setFormError(undefined);
    if (Object.keys(problems).length > 0) return;
    if (!coupon) {
      create.mutate(body, {
        onSuccess: () => {
          toast.success(text.created);
          onDone();
        },
        onError: refused,
      });
      return;
    }
    const changes = changedFields(valuesToBody(initial, scope), body);
    if (Object.keys(changes).length === 0) {
      setFormError(text.noChanges);
      return;
    }
    edit.mutate(
      { id: coupon.id, body: changes },
      {
        onSuccess: () => {
          toast.success(text.saved);
          onDone();
        },
        onError: refused,
      },
    );
  }

  const unit = values.type === 'percent' ? ' %' : ' ₫';

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={coupon ? text.editTitle(coupon.code) : text.create}
    >
      <Stack gap="md">
        <TextInput
          label={text.code}
          description={text.codeHint}
          value={values.code}
          // Codes are stored upper-case: the manager sees the code as customers will type it.
          onChange={(event) => set('code', event.currentTarget.value.toUpperCase())}
          maxLength={20}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-required
          error={errors.code}
        />
        <Input.Wrapper label={text.type} labelElement="div" error={errors.type}>
          <SegmentedControl
            fullWidth
            aria-label={text.type}
            value={values.type}
            onChange={(type) => set('type', type === 'fixed' ? 'fixed' : 'percent')}
            data={[
              { value: 'percent', label: text.percent },
              { value: 'fixed', label: text.fixed },
            ]}
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            {...numberProps}
            label={text.value}
            suffix={unit}
            value={values.value}
            onChange={(value) => set('value', number(value))}
            aria-required
            error={errors.value}
          />
          {values.type === 'percent' ? (
            <NumberInput
              {...numberProps}
              label={text.maxDiscount}
              description={text.unlimited}
              suffix=" ₫"
              value={values.max_discount}
              onChange={(value) => set('max_discount', number(value))}
              error={errors.max_discount}
            />
          ) : null}
          <NumberInput
            {...numberProps}
            label={text.minOrderLabel}
            suffix=" ₫"
            value={values.min_order}
            onChange={(value) => set('min_order', number(value))}
            error={errors.min_order}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            type="datetime-local"
            label={text.startsAt}
            description={text.startsAtHint}
            value={values.starts_at}
            onChange={(event) => set('starts_at', event.currentTarget.value)}
            error={errors.starts_at}
          />
          <TextInput
            type="datetime-local"
            label={text.endsAt}
            description={text.endsAtHint}
            value={values.ends_at}
            onChange={(event) => set('ends_at', event.currentTarget.value)}
            error={errors.ends_at}
          />
          <NumberInput
            {...numberProps}
            label={text.usageLimit}
            description={text.unlimited}
            value={values.usage_limit}
            onChange={(value) => set('usage_limit', number(value))}
            error={errors.usage_limit}
          />
          <NumberInput
            {...numberProps}
            label={text.perCustomerLimit}
            description={text.unlimited}
            value={values.per_customer_limit}
            onChange={(value) => set('per_customer_limit', number(value))}
            error={errors.per_customer_limit}
          />
        </SimpleGrid>
        {scope === 'admin' ? (
          <RestaurantPicker
            value={values.restaurant_id}
            initial={
              coupon?.restaurant_id != null && coupon.restaurant_name
                ? { value: String(coupon.restaurant_id), label: coupon.restaurant_name }
                : null
            }
            onChange={(restaurant) => {
              // Another restaurant's dishes cannot stay in the scope.
              set('restaurant_id', restaurant);
              set('food_ids', []);
            }}
            error={errors.restaurant_id}
          />
        ) : null}
        <DishPicker
          scope={scope}
          restaurantId={values.restaurant_id}
          value={values.food_ids}
          onChange={(foods) => set('food_ids', foods)}
          error={errors.food_ids}
        />
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Button type="submit" loading={saving} size="md">
          {text.submit}
        </Button>
      </Stack>
    </form>
  );
}

interface RestaurantPickerProps {
  value: string | null;
  /** The coupon's own restaurant, named even before any search finds it. */
  initial: Choice | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
}

/** The admin's optional scope: an approved restaurant, searched by name; empty = everywhere. */
function RestaurantPicker({ value, initial, onChange, error }: RestaurantPickerProps) {
  const [search, setSearch] = useState(initial?.label ?? '');
  const [picked, setPicked] = useState<Choice | null>(initial);
  const [q] = useDebouncedValue(search.trim(), RESTAURANT_SEARCH_PAUSE_MS);
  // The picked restaurant's name in the box is not a search for it.
  const query = useQuery(couponChoiceQueries.approvedRestaurants(q === picked?.label ? '' : q));
  const found = query.data ?? [];
  const data =
    picked && !found.some((choice) => choice.value === picked.value) ? [picked, ...found] : found;
  return (
    <Select
      label={text.restaurant}
      description={text.restaurantHint}
      placeholder={text.restaurantPlaceholder}
      searchable
      clearable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setPicked(next === null ? null : option);
        onChange(next);
      }}
      nothingFoundMessage={text.noRestaurants}
      error={error}
      clearButtonProps={{ 'aria-label': vi.app.close }}
    />
  );
}

interface DishPickerProps {
  scope: CouponScope;
  restaurantId: string | null;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}

/** 'Áp dụng cho món': the owner's own menu, or the admin's chosen restaurant's dishes. */
function DishPicker({ scope, restaurantId, value, onChange, error }: DishPickerProps) {
  const needsRestaurant = scope === 'admin' && restaurantId === null;
  const menu = useQuery({
    ...couponChoiceQueries.dishes(scope === 'staff' ? 'own' : Number(restaurantId)),
    enabled: !needsRestaurant,
  });
  const data = needsRestaurant ? [] : (menu.data ?? []);
  // A dish of the scope the list no longer has (deleted, off sale) keeps a name of its id.
  const missing = value
    .filter((id) => !data.some((choice) => choice.value === id))
    .map((id) => ({ value: id, label: `#${id}` }));
  return (
    <MultiSelect
      label={text.foods}
      description={needsRestaurant ? text.foodsNeedRestaurant : text.foodsHint}
      searchable
      clearable
      disabled={needsRestaurant}
      data={[...data, ...missing]}
      value={value}
      onChange={onChange}
      error={error}
      hidePickedOptions
      clearButtonProps={{ 'aria-label': vi.app.close }}
    />
  );
}
