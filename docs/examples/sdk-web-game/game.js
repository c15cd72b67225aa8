/* global document, location, CSS */
// The example game's menu (index.html): everything it knows of the player comes from the LiveOps runtime through
// the SDK. The SDK is the built ES module of packages/sdk (npm run build).
import { createClient, LiveOpsError, noDailyRewardMessage } from '../../../packages/sdk/dist/index.js';

const params = new URLSearchParams(location.search);
const baseUrl = params.get('baseUrl');
const sdkKey = params.get('sdkKey');
const playerId = params.get('playerId');

const $ = (id) => document.getElementById(id);
/** itemId → { name, type, amount }: the wallet as last read or changed by a claim. */
const wallet = new Map();
/** The player's daily rewards, as last listed or answered by a claim. */
let rewards = [];
/** When they were last listed again because a countdown ran out (at most every 10 s, whatever the clocks say). */
let relistedAt = 0;

if (!baseUrl || !sdkKey || !playerId) {
  // Asks for the three; submitting the form opens this page again with them in its address.
  $('setup').hidden = false;
  for (const [name, value] of params) {
    const input = $('setup').elements.namedItem(name);
    if (input && value) input.value = value;
  }
  document.body.dataset.state = 'setup';
} else {
  void start();
}

async function start() {
  let client;
  try {
    client = createClient({ baseUrl, sdkKey });
    $('player-id').textContent = playerId;
    $('avatar').textContent = [...playerId][0];
    say('Signing in…');
    await client.signIn(playerId, { attributes: { platform: 'Web' } });
    const [list, inventory] = await Promise.all([client.dailyRewards.read(), client.inventory.get()]);
    rewards = list.dailyRewards;
    for (const balance of inventory.balances) wallet.set(balance.itemId, balance);
    renderWallet();
    renderRewards(client);
    // An empty list says why: nothing published, nothing scheduled now (and when next), or not for this player.
    say(noDailyRewardMessage(list));
    document.body.dataset.state = 'ready';
    // The countdowns tick; a reward that becomes claimable is listed again.
    setInterval(() => void tick(client), 1000);
  } catch (error) {
    say(describe(error), 'error');
    document.body.dataset.state = 'error';
  }
}

async function tick(client) {
  for (const element of document.querySelectorAll('[data-next-claim-at]')) {
    element.textContent = untilText(element.dataset.nextClaimAt);
  }
  const due = rewards.some((reward) => reward.nextClaimAt && Date.parse(reward.nextClaimAt) <= Date.now());
  if (!due || Date.now() - relistedAt < 10_000) return;
  relistedAt = Date.now();
  try {
    rewards = await client.dailyRewards.list();
    renderRewards(client);
  } catch (error) {
    say(describe(error), 'error');
  }
}

/**
 * Opens a daily reward's popup (which claims by itself). showDailyRewards lists the rewards again for a fresh
 * popupUrl, so the state this menu holds (after a claim, the claim's answer, whose popupUrl is null) is never used
 * for it. A reward without a published popup is claimed straight from the menu.
 */
async function openReward(client, reward, button) {
  button.disabled = true;
  try {
    say('Opening daily rewards…');
    let refused = false;
    let outcome;
    try {
      outcome = await client.showDailyRewards(reward.configId, {
        onReady: () => say(''),
        onClaim: (result) => applyClaim(client, result),
        onError: (error) => {
          refused = true;
          say(describe(error), 'error');
          // Claimed meanwhile (on another device, say): the menu and the wallet catch up with the server.
          if (error instanceof LiveOpsError && error.code === 'already_claimed') void refresh(client);
        },
      });
    } catch (error) {
      if (!(error instanceof LiveOpsError && error.code === 'popup_unavailable')) throw error;
      if (!reward.claimable) {
        say(`Already claimed today. ${untilText(reward.nextClaimAt)}.`);
        return;
      }
      applyClaim(client, await client.dailyRewards.claim(reward.configId));
      return;
    }
    // Closed without a claim: nothing to say, unless the popup's claim was refused (that stays said).
    if (!outcome.claim && outcome.reason === 'closed' && !refused) say('');
  } catch (error) {
    say(describe(error), 'error');
  } finally {
    button.disabled = false;
    // Focus is given back to the button that opened the popup; after a re-render it is the new one.
    document.querySelector(`[data-config-id="${CSS.escape(reward.configId)}"] button`)?.focus();
  }
}

/** The player's daily rewards and wallet, read again from the server. */
async function refresh(client) {
  try {
    const [dailyRewards, inventory] = await Promise.all([client.dailyRewards.list(), client.inventory.get()]);
    rewards = dailyRewards;
    wallet.clear();
    for (const balance of inventory.balances) wallet.set(balance.itemId, balance);
    renderWallet();
    renderRewards(client);
  } catch (error) {
    say(describe(error), 'error');
  }
}

/** A claim's answer: the balances it left and the reward's new state, and what it granted, said. */
function applyClaim(client, result) {
  const changed = new Set();
  let unknownItem = false;
  for (const balance of result.balances) {
    const held = wallet.get(balance.itemId);
    if (!held) unknownItem = true;
    else if (held.amount !== balance.amount) changed.add(balance.itemId);
    wallet.set(balance.itemId, { ...held, itemId: balance.itemId, amount: balance.amount });
  }
  rewards = rewards.map((reward) => (reward.configId === result.dailyReward.configId ? result.dailyReward : reward));
  renderWallet(changed);
  renderRewards(client);
  const granted = result.granted
    .map((entry) => `+${entry.quantity} ${wallet.get(entry.itemId)?.name ?? entry.itemId}`)
    .join(', ');
  say(`Day ${result.day} claimed: ${granted || 'nothing to grant'}`, 'good');
  // An item this menu had not heard of: its name comes with the inventory.
  if (unknownItem) {
    void client.inventory.get().then((inventory) => {
      for (const balance of inventory.balances) wallet.set(balance.itemId, balance);
      renderWallet();
    });
  }
}

function renderWallet(changed = new Set()) {
  const list = $('wallet');
  list.replaceChildren(
    ...[...wallet.values()].map((item) => {
      const chip = element('li', { 'data-item-id': item.itemId, class: changed.has(item.itemId) ? 'changed' : '' });
      chip.append(
        element('span', { class: `icon ${item.type ?? ''}`, 'aria-hidden': 'true' }),
        element('span', { class: 'amount' }, item.amount.toLocaleString()),
        element('span', { class: 'item-name' }, item.name ?? item.itemId),
      );
      return chip;
    }),
  );
}

function renderRewards(client) {
  $('rewards').hidden = rewards.length === 0;
  $('reward-list').replaceChildren(
    ...rewards.map((reward) => {
      const card = element('li', { class: 'reward', 'data-config-id': reward.configId });
      const head = element('div', { class: 'reward-head' });
      head.append(
        element('span', { class: 'reward-name' }, reward.name),
        element('span', { class: 'streak' }, `Streak ${reward.streak}`),
      );
      const days = element('ol', { class: 'days', 'aria-label': `Day ${reward.day} of 7` });
      for (let day = 1; day <= 7; day++) {
        const done = day < reward.day || (day === reward.day && !reward.claimable);
        const today = day === reward.day && reward.claimable;
        days.append(element('li', { class: done ? 'done' : today ? 'today' : '' }, done ? '✓' : String(day)));
      }
      const pack = reward.pack
        ? reward.pack.contents.map((entry) => `${entry.quantity} × ${entry.name ?? entry.itemId}`).join(', ') ||
          reward.pack.name
        : 'nothing';
      const when = reward.claimable
        ? element('p', { class: 'when ready' }, 'Ready to claim!')
        : element(
            'p',
            { class: 'when', 'data-next-claim-at': reward.nextClaimAt ?? '' },
            untilText(reward.nextClaimAt),
          );
      const button = element(
        'button',
        { class: reward.claimable ? 'button primary' : 'button', type: 'button' },
        reward.claimable ? `Collect day ${reward.day}` : 'View rewards',
      );
      button.addEventListener('click', () => void openReward(client, reward, button));
      card.append(head, days, element('p', { class: 'today-pack' }, `Today: ${pack}`), when, button);
      return card;
    }),
  );
}

function untilText(nextClaimAt) {
  if (!nextClaimAt) return '';
  const seconds = Math.max(0, Math.round((Date.parse(nextClaimAt) - Date.now()) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `Next reward in ${h ? `${h} h ` : ''}${h || m ? `${m} min ` : ''}${h ? '' : `${s} s`}`.trim();
}

function describe(error) {
  if (error instanceof LiveOpsError) {
    if (error.code === 'already_claimed' && error.nextClaimAt)
      return `Already claimed today. ${untilText(error.nextClaimAt)}.`;
    return `${error.message} (${error.code})`;
  }
  return error instanceof Error ? error.message : String(error);
}

function say(text, tone = '') {
  $('status').textContent = text;
  $('status').className = `status ${tone}`.trim();
}

function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}
