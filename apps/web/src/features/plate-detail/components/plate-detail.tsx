import { cartAdd, cartMaxQuantity, cartRemove, cartUpdate } from '@comanda/domain/cart';
import { menuDiscountLines } from '@comanda/domain/menu-discount';
import { cartMessages, plateMessages, soldOutMessages } from '@comanda/domain/messages';
import { type MoneyCountry, moneyFormat, moneyMinor, moneyTimes } from '@comanda/domain/money';
import { type NotesCustomization, notesApplyInput, notesCounter, notesLimit } from '@comanda/domain/notes';
import {
  garnishGroupMax,
  garnishGroupMin,
  garnishGroupVisibleItems,
  type PlateSelection,
  plateBasePrice,
  plateConfigurationToCartItem,
  plateConfigurationUnitPrice,
  plateDecrementItem,
  plateIncrementItem,
  plateSelectItem,
  plateSelectionFromCartItem,
  plateSelectionInitial,
  plateSelectSize,
  plateUnselectItem,
} from '@comanda/domain/plate-configuration';
import type { CartItem, CartItemSource, GarnishGroup, MenuDiscount } from '@comanda/domain/types';
import { zonedDayOfWeek } from '@comanda/domain/zoned-time';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { IconMinus, IconPlus } from '../../../components/ui/icons-actions';
import { useToast } from '../../../components/ui/toast';
import { analyticsTrack } from '../../../lib/analytics';
import { cartActions, cartCurrent } from '../../../stores/cart-logic';
import { cartLogicLoad, useCart } from '../../../stores/cart-store';
import { installPromptEngage } from '../../../stores/install-prompt-store';
import type { MenuPlate } from '../../../types/menu';

export interface PlateDetailProps {
  plate: MenuPlate;
  country: MoneyCountry;
  timeZone: string;
  discounts: readonly MenuDiscount[];
  /** The branch's notes settings (menu customization); null when they could not be read (defaults apply). */
  notesCustomization: NotesCustomization | null;
  /** Ordering is possible (now or scheduled); otherwise the menu is informative only. */
  canAddItems: boolean;
  /** Why items cannot be added ('Menú informativo. Pedidos deshabilitados.', 'Local cerrado.'). */
  blockedText: string | null;
  /** 'page' shows the plate's name as the page heading; in a modal the modal's title does. */
  layout: 'page' | 'modal';
  source: CartItemSource;
  /** Editing a cart line: its position and current item. */
  editing?: { index: number; item: CartItem };
  branchContactId: number;
  orderModeId: number;
  /** After the item went to the cart (added, or the line updated). */
  onDone: () => void;
  imageSrc: string | null;
}

/** (ours) The rule of a group, in words, next to its name. */
function groupHint(group: GarnishGroup): string {
  const min = garnishGroupMin(group);
  const max = garnishGroupMax(group);
  const parts: string[] = [];
  if (group.mandatory) parts.push('Obligatorio');
  if (!group.multipleSelection) parts.push('Elige 1');
  else if (min > 0 && Number.isFinite(max))
    parts.push(min === max ? `Elige ${min}` : `Elige de ${min} a ${max}`);
  else if (min > 0) parts.push(`Elige al menos ${min}`);
  else if (Number.isFinite(max)) parts.push(`Hasta ${max}`);
  return parts.join(' · ');
}

/**
 * A plate's detail (ordering §2, §5 "Cart and menu"): size, garnish groups with
 * their min/max/mandatory rules and messages, item notes with counter and
 * limit, quantity with the maximum message, and the price as the diner
 * chooses. Every rule is `@comanda/domain`'s.
 */
export function PlateDetail(props: PlateDetailProps) {
  const { plate, country, canAddItems, layout, source, editing } = props;
  const limit = notesLimit(props.notesCustomization, 'item');
  const toast = useToast();
  // The cart's rules are loaded with this chunk; make sure the bound cart exists.
  useEffect(() => void cartLogicLoad(), []);
  const cart = useCart().cart ?? cartCurrent().cart;
  const formId = useId();
  const [selection, setSelection] = useState<PlateSelection>(() =>
    editing ? plateSelectionFromCartItem(editing.item) : plateSelectionInitial(plate),
  );
  const [quantity, setQuantity] = useState(editing?.item.quantity ?? 1);
  const [notes, setNotes] = useState(editing?.item.notes ?? '');
  const [invalidGroups, setInvalidGroups] = useState<ReadonlySet<string>>(new Set());
  const formRef = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one view per opening of the detail.
  useEffect(() => {
    analyticsTrack('ITEM_VIEW', {
      branchContactId: props.branchContactId,
      orderModeId: props.orderModeId,
      payload: { plateId: plate.numericId, name: plate.showName, source },
    });
  }, [plate.id]);

  const groups = plate.garnishGroups ?? [];
  // The price so far: the domain's unit price of what is chosen, with mandatory
  // minimums not yet required (the diner is still choosing).
  const unitSoFar = useMemo(() => {
    const relaxed = { ...plate, garnishGroups: groups.map((group) => ({ ...group, mandatory: false })) };
    return (
      plateConfigurationUnitPrice(relaxed, selection) ??
      plateBasePrice(plate, selection.sizeId) ??
      moneyMinor(0)
    );
  }, [plate, groups, selection]);
  const gross = moneyTimes(unitSoFar, quantity);
  const discount = useMemo(() => {
    const [line] = menuDiscountLines(
      [
        {
          key: plate.id,
          referenceId: plate.id,
          quantity,
          unitPrice: unitSoFar,
          basePrice: plateBasePrice(plate, selection.sizeId) ?? unitSoFar,
        },
      ],
      props.discounts,
      zonedDayOfWeek(Date.now(), props.timeZone),
    );
    return line?.amount ?? moneyMinor(0);
  }, [plate, quantity, unitSoFar, selection.sizeId, props.discounts, props.timeZone]);
  const total = moneyMinor(gross - discount);

  const select = (
    groupId: string,
    run: (current: PlateSelection) => { selection: PlateSelection; message: string | null },
  ) => {
    const result = run(selection);
    setSelection(result.selection);
    if (result.message) toast(result.message);
    if (invalidGroups.has(groupId)) {
      const next = new Set(invalidGroups);
      next.delete(groupId);
      setInvalidGroups(next);
    }
  };

  /** The max-units message when `next` units would not fit the cart (the domain's cap across lines). */
  const quantityMessage = (next: number): string | null => {
    const probe: CartItem = {
      referenceId: plate.id,
      referenceType: 'PLATE',
      name: plate.showName,
      notes: '',
      quantity: next,
      price: unitSoFar,
      source,
      extras: [],
      ...(plate.maxQuantity !== undefined ? { maxQuantity: plate.maxQuantity } : {}),
    };
    const result = editing ? cartUpdate(cart, editing.index, probe) : cartAdd(cart, probe);
    return result.message;
  };

  const increment = () => {
    const message = quantityMessage(quantity + 1);
    if (message) toast(message);
    else setQuantity(quantity + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canAddItems) return;
    const result = plateConfigurationToCartItem(plate, selection, { quantity, notes, source });
    if (!result.item) {
      const failing = new Set(
        result.problems.flatMap((problem) => ('groupId' in problem ? [problem.groupId] : [])),
      );
      setInvalidGroups(failing);
      const message =
        result.problems.find((problem) => problem.message)?.message ?? plateMessages.wrongGarnishCount;
      toast(message, 'error');
      // The first group to fix gets the focus (read by group id: the invalid marks render after this).
      const firstGroup = result.problems.find((problem) => 'groupId' in problem);
      if (firstGroup && 'groupId' in firstGroup) {
        formRef.current
          ?.querySelector<HTMLElement>(`[data-group="${CSS.escape(firstGroup.groupId)}"] input`)
          ?.focus();
      }
      return;
    }
    const outcome = editing ? cartActions.update(editing.index, result.item) : cartActions.add(result.item);
    if (outcome.message) toast(outcome.message);
    if (!outcome.changed) return;
    installPromptEngage();
    if (!editing) {
      analyticsTrack('ADD_ITEM', {
        branchContactId: props.branchContactId,
        orderModeId: props.orderModeId,
        payload: {
          plateId: plate.numericId,
          name: result.item.name,
          quantity: result.item.quantity,
          price: result.item.price,
          source,
        },
      });
    }
    props.onDone();
  };

  const room = cartMaxQuantity(plate);
  const counter = notesCounter(notes, limit);
  const sizes = plate.sizes ?? [];
  const editingOthers = editing ? cartRemove(cart, editing.index) : cart;
  const underMax = (editingOthers.totals[plate.id] ?? 0) < room;
  // Sold out at the location now (ADR 052): nothing to add until the venue switches it back.
  const soldOutReason = plate.soldOut
    ? soldOutMessages.plateUnavailable
    : sizes.find((size) => size.id === selection.sizeId)?.soldOut
      ? soldOutMessages.sizeUnavailable
      : null;
  const canSubmit = canAddItems && underMax && soldOutReason === null;

  return (
    <form ref={formRef} className={`plate-detail plate-detail--${layout}`} onSubmit={submit} noValidate>
      {props.imageSrc ? (
        <span className="image-box image-box--wide">
          <img src={props.imageSrc} alt="" width="640" height="360" />
        </span>
      ) : null}
      {layout === 'page' ? <h1 className="brand-title">{plate.showName}</h1> : null}
      {plate.description ? <p className="plate-detail__description">{plate.description}</p> : null}

      {sizes.length > 0 ? (
        <fieldset className="garnish-group">
          <legend className="garnish-group__legend">
            <span className="garnish-group__name">Tamaño</span>
            <span className="garnish-group__hint">Obligatorio · Elige 1</span>
          </legend>
          <ul className="options">
            {sizes.map((size) => (
              <li key={size.id}>
                <label className="option">
                  <input
                    type="radio"
                    name={`${formId}-size`}
                    checked={selection.sizeId === size.id}
                    disabled={size.soldOut === true && selection.sizeId !== size.id}
                    onChange={() => setSelection(plateSelectSize(plate, selection, size.id))}
                  />
                  <span className="option__name">
                    {size.name}
                    {size.soldOut ? (
                      <span className="option__description">{soldOutMessages.badge}</span>
                    ) : null}
                  </span>
                  <span className="option__price">{moneyFormat(size.price, country)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {groups.map((group) => {
        const invalid = invalidGroups.has(group.groupId);
        const errorId = `${formId}-${group.groupId}-error`;
        const max = garnishGroupMax(group);
        const asRadio = !group.multipleSelection && group.mandatory;
        const chosen = selection.groups[group.groupId] ?? {};
        return (
          <fieldset
            key={group.groupId}
            className={`garnish-group${invalid ? ' garnish-group--invalid' : ''}`}
            data-group={group.groupId}
            aria-describedby={invalid ? errorId : undefined}
          >
            <legend className="garnish-group__legend">
              <span className="garnish-group__name">{group.groupName}</span>
              <span className="garnish-group__hint">{groupHint(group)}</span>
            </legend>
            {invalid ? (
              <p id={errorId} className="field-error">
                {plateMessages.wrongGarnishCount}
              </p>
            ) : null}
            <ul className="options">
              {garnishGroupVisibleItems(group).map((item) => {
                const count = chosen[item.id] ?? 0;
                const price = item.price > 0 ? `+ ${moneyFormat(item.price, country)}` : null;
                return (
                  <li key={item.id} className="option-row">
                    <label className="option">
                      <input
                        type={asRadio ? 'radio' : 'checkbox'}
                        name={`${formId}-${group.groupId}`}
                        checked={count > 0}
                        disabled={item.soldOut === true && count === 0}
                        onChange={() =>
                          select(group.groupId, (current) =>
                            count > 0 && !asRadio
                              ? {
                                  selection: plateUnselectItem(current, group.groupId, item.id),
                                  message: null,
                                }
                              : plateSelectItem(plate, current, group.groupId, item.id),
                          )
                        }
                      />
                      <span className="option__name">
                        {item.name}
                        {item.soldOut ? (
                          <span className="option__description">{soldOutMessages.badge}</span>
                        ) : item.description ? (
                          <span className="option__description">{item.description}</span>
                        ) : null}
                      </span>
                      {price ? <span className="option__price">{price}</span> : null}
                    </label>
                    {group.multipleSelection && max > 1 && count > 0 ? (
                      <span className="stepper stepper--small">
                        <button
                          type="button"
                          className="stepper__button"
                          aria-label={`Quitar una unidad de ${item.name}`}
                          onClick={() =>
                            select(group.groupId, (current) => ({
                              selection: plateDecrementItem(current, group.groupId, item.id),
                              message: null,
                            }))
                          }
                        >
                          <IconMinus size={16} />
                        </button>
                        <span className="stepper__value" aria-live="polite">
                          <span className="visually-hidden">{`Unidades de ${item.name}: `}</span>
                          {count}
                        </span>
                        <button
                          type="button"
                          className="stepper__button"
                          aria-label={`Sumar una unidad de ${item.name}`}
                          onClick={() =>
                            select(group.groupId, (current) =>
                              plateIncrementItem(plate, current, group.groupId, item.id),
                            )
                          }
                        >
                          <IconPlus size={16} />
                        </button>
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}

      <div className="notes-field">
        <label htmlFor={`${formId}-notes`}>Notas para la cocina</label>
        <textarea
          id={`${formId}-notes`}
          rows={2}
          value={notes}
          placeholder="Ej.: sin cebolla"
          aria-describedby={counter ? `${formId}-notes-counter` : undefined}
          onChange={(event) => setNotes(notesApplyInput(event.target.value, limit))}
        />
        {counter ? (
          <span id={`${formId}-notes-counter`} className="notes-field__counter">
            {counter}
          </span>
        ) : null}
      </div>

      <div className="plate-detail__footer">
        {canAddItems ? (
          <>
            <fieldset className="stepper">
              <legend className="visually-hidden">Cantidad</legend>
              <button
                type="button"
                className="stepper__button"
                aria-label="Quitar una unidad"
                disabled={quantity <= 1}
                onClick={() => setQuantity(Math.max(1, quantity - 1))}
              >
                <IconMinus />
              </button>
              <output className="stepper__value" aria-live="polite">
                {quantity}
              </output>
              <button
                type="button"
                className="stepper__button"
                aria-label="Sumar una unidad"
                onClick={increment}
              >
                <IconPlus />
              </button>
            </fieldset>
            <button type="submit" className="button plate-detail__submit" disabled={!canSubmit}>
              <span>{editing ? 'Actualizar' : 'Agregar'}</span>
              <span className="plate-detail__total">
                {discount > 0 ? <s className="price__before">{moneyFormat(gross, country)}</s> : null}{' '}
                {moneyFormat(total, country)}
              </span>
            </button>
          </>
        ) : (
          <p className="notice notice--warning">{props.blockedText ?? cartMessages.orderingDisabled}</p>
        )}
      </div>
      {canAddItems && soldOutReason ? (
        <p className="field-error" role="status">
          {soldOutReason}
        </p>
      ) : !underMax && canAddItems ? (
        <p className="field-error" role="status">
          {cartMessages.maxQuantity(room)}
        </p>
      ) : null}
    </form>
  );
}
