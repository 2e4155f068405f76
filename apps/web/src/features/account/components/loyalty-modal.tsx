import {
  loyaltyAmountText,
  loyaltyIsCashback,
  loyaltyMenuLabel,
  loyaltyPointsValue,
} from '@comanda/domain/loyalty';
import type { LoyaltyLedgerKind } from '@comanda/domain/loyalty-ledger';
import { loyaltyBalanceText, loyaltyHistoryColumns } from '@comanda/domain/loyalty-text';
import { loyaltyMessages } from '@comanda/domain/messages';
import { type MoneyCountry, moneyFormat } from '@comanda/domain/money';
import { zonedMomentText } from '@comanda/domain/zoned-moment';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast';
import { checkoutPath } from '../../../lib/storefront-path';
import { cartGet } from '../../../stores/cart-store';
import { type AccountLoyaltyProgram, customerProfileGet } from '../api/account-api';
import { type LoyaltyHistoryRow, loyaltyHistoryGet } from '../api/account-history-api';
import { useHistoryPages } from '../hooks/use-history-pages';
import { HistoryMore } from './history-more';
import '../account.css';

/** The location on screen, for the points read and for where 'Canjear' leads. */
export interface LoyaltyPlace {
  alias: string;
  branchId: number;
  timeZone: string;
  country: MoneyCountry;
}

interface LoyaltyModalProps {
  program: AccountLoyaltyProgram;
  place: LoyaltyPlace;
  onClose: () => void;
  /** The diner went to the checkout: the account screens close. */
  onLeave: () => void;
}

/** (ours) What a row without an order is, in the 'Pedidos' column. */
const KIND_LABELS: Record<LoyaltyLedgerKind, string> = {
  OPENING: 'Saldo inicial',
  ACCRUAL: 'Puntos sumados',
  REDEMPTION: 'Canje',
  REWARD: 'Premio',
  REVERSAL: 'Devolución',
};

/**
 * 'Mis {name}' (ordering §2 "Loyalty points modal"): the programme's welcome
 * text, the balance, and the history (Pedidos / Puntos / Saldo, 20 rows a
 * reading, more as the diner scrolls). 'Canjear {name}' leads to the checkout,
 * where points are redeemed against an order; with nothing in the cart there
 * is nothing to redeem against, and the diner is told so.
 */
export function LoyaltyModal({ program, place, onClose, onLeave }: LoyaltyModalProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const name = program.name;
  const title = loyaltyMenuLabel(program);
  const pages = useHistoryPages((offset) => loyaltyHistoryGet(place.branchId, offset));
  const [balance, setBalance] = useState<number | null>(null);
  const now = Date.now();

  useEffect(() => {
    let current = true;
    customerProfileGet(place.branchId).then(
      (profile) => current && setBalance(profile.loyaltyPointsBalance),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [place.branchId]);

  const onePoint = moneyFormat(loyaltyPointsValue(1, place.country.mantissaLength), place.country);
  const welcome =
    program.welcomeText?.trim() ||
    (loyaltyIsCashback(program)
      ? `Con cada pedido entregado te devolvemos el ${program.cashback} % en ${name}, y lo usas al pagar.`
      : `Sumas ${name} con cada pedido entregado y los canjeas al pagar: cada uno vale ${onePoint}.`);
  const points = (value: number, signed = false) => loyaltyAmountText(program, value, place.country, signed);

  const redeem = () => {
    const cart = cartGet();
    if (cart.alias === place.alias && cart.itemsCount > 0) {
      onLeave();
      navigate(checkoutPath(place.alias));
    } else toast(`Agrega productos a tu pedido y canjea tus ${name} al pagar.`);
  };

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      size="large"
      footer={
        <button type="button" className="button" onClick={redeem}>
          {loyaltyMessages.redeem(name)}
        </button>
      }
    >
      <p className="account-welcome">{welcome}</p>
      <p className="account-balance">
        <span className="muted">Tu saldo</span>
        <strong className="account-balance__points">
          {balance === null ? '…' : loyaltyBalanceText(program, balance, place.country)}
        </strong>
      </p>
      {!pages.loading && pages.problem === null && pages.rows.length === 0 ? (
        <p className="account-empty">{`Todavía no tienes movimientos de ${name}.`}</p>
      ) : null}
      {pages.rows.length > 0 ? (
        <table className="account-points">
          <thead>
            <tr>
              {loyaltyHistoryColumns(program).map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pages.rows.map((row) => (
              // The rows have no id; a moment, a kind and the balance after it tell them apart.
              <tr key={`${row.createdAt}|${row.kind}|${row.orderCode}|${row.postBalance}`}>
                <td>
                  <span className="account-points__what">{rowLabel(row)}</span>
                  <span className="account-points__when muted">
                    {zonedMomentText(row.createdAt, place.timeZone, now)}
                  </span>
                </td>
                <td
                  className={`account-points__amount${row.amount < 0 ? ' account-points__amount--out' : ''}`}
                >
                  {points(row.amount, true)}
                </td>
                <td className="account-points__balance">{points(row.postBalance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <HistoryMore
        pages={pages}
        failure={`No pudimos cargar tus ${name}. Inténtalo de nuevo en unos minutos.`}
      />
    </Modal>
  );
}

function rowLabel(row: LoyaltyHistoryRow): string {
  if (row.orderCode === null) return KIND_LABELS[row.kind];
  return row.kind === 'REVERSAL' ? `Pedido ${row.orderCode} (devolución)` : `Pedido ${row.orderCode}`;
}
