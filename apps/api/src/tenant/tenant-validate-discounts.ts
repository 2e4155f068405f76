/** Tenant-file rules for a brand's menu discounts and discount codes. */
import { arr, type FileChecks, type Loose, num, recs, str } from './tenant-validate-checks';

export function discountsCheck(
  check: FileChecks,
  path: string,
  branch: Loose,
  branchPlateKeys: Set<string>,
  branchCategoryKeys: Set<string>,
): void {
  const plateRef = (refPath: string, value: unknown) => {
    const key = str(value);
    if (key !== undefined && !branchPlateKeys.has(key)) {
      check.error(refPath, `no plate with key "${key}" in the menus of this branch`);
    }
  };

  for (const [d, discount] of recs(branch.discounts))
    menuDiscountCheck(check, `${path}.discounts[${d}]`, discount, plateRef);

  const codes = recs(branch.codeDiscounts);
  check.unique(
    codes.map(([d, discount]) => [`${path}.codeDiscounts[${d}].code`, discount.code]),
    'code (codes ignore case)',
    (code) => code.toUpperCase(),
  );
  for (const [d, discount] of codes) {
    const codePath = `${path}.codeDiscounts[${d}]`;
    if (discount.type === 'FIXED') check.valueMoney(`${codePath}.value`, discount.value);
    if (discount.type === 'PERCENT') {
      check.percent(`${codePath}.value`, discount.value);
      const value = num(discount.value);
      if (value !== undefined && value > 100)
        check.error(`${codePath}.value`, 'expected a percent of at most 100');
    }
    check.money(`${codePath}.minimumOrderAmount`, discount.minimumOrderAmount);
    check.money(`${codePath}.maximumDiscountAmount`, discount.maximumDiscountAmount);
    plateRef(`${codePath}.plate`, discount.plate);
    const category = str(discount.category);
    if (category !== undefined && !branchCategoryKeys.has(category)) {
      check.error(`${codePath}.category`, `no category with key "${category}" in the menus of this branch`);
    }
    if (discount.limitedUsage === true && discount.usageLimit === undefined) {
      check.error(`${codePath}.usageLimit`, 'is required when limitedUsage is true');
    }
  }
}

export function menuDiscountCheck(
  check: FileChecks,
  path: string,
  discount: Loose,
  plateRef: (path: string, value: unknown) => void,
): void {
  const required: Record<string, string[]> = {
    PERCENT: ['percentage'],
    FIXED: ['fixedDiscount'],
    MULTIPLE: ['buy', 'pay'],
    FINAL_PRICE: ['finalPrice'],
  };
  const type = str(discount.type);
  for (const field of (type && required[type]) || []) {
    if (discount[field] === undefined) check.error(`${path}.${field}`, `is required for a ${type} discount`);
  }
  check.percent(`${path}.percentage`, discount.percentage);
  check.money(`${path}.fixedDiscount`, discount.fixedDiscount);
  check.money(`${path}.finalPrice`, discount.finalPrice);
  const buy = num(discount.buy);
  const pay = num(discount.pay);
  if (type === 'MULTIPLE' && buy !== undefined && pay !== undefined && !(pay < buy)) {
    check.error(`${path}.pay`, `must be less than buy (${buy})`);
  }
  arr(discount.plates).forEach((key, k) => {
    plateRef(`${path}.plates[${k}]`, key);
  });
  check.unique(
    arr(discount.validDays).map((day, k) => [`${path}.validDays[${k}]`, day]),
    'day',
  );
}
