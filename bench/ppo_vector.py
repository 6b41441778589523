"""A compact PPO (in the CleanRL style) on ``SpadesVectorEnv``: one agent in seat 0 learns
standard against Easy opponents, then against Standard; a duplicate evaluation reports
its points a deal beside a StandardBot's on the same deals.

    pip install 'spadeslib[ppo]'   # torch (CPU), gymnasium: never imported by spadeslib
    python bench/ppo_vector.py [--minutes 30] [--envs 256] [--seed 1]

The evaluation (:func:`duplicate`) is reusable: give it any policy (observation tensor
and legal mask in, action id out). Each of its deals is the first deal of a game seeded
``seed + k``, played twice: once with the policy in seat 0, once with StandardBot there,
the other seats the same bots with the same seeds both times; the difference of seat 0's
side's points, averaged, is the policy's edge over Standard in that seat with the card
luck taken out. docs/agents.md says what a run reached.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np
import torch
from torch import nn

from spadeslib import Game
from spadeslib.bots import EasyBot, StandardBot
from spadeslib.vector import SpadesVectorEnv

Policy = Callable[[Any, Any], int]
"""A policy for :func:`duplicate`: (observation tensor, legal mask) -> action id."""


class Agent(nn.Module):
    """An MLP actor and critic; illegal actions are masked out of the logits."""

    def __init__(self, observations: int, actions: int, width: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(observations, width), nn.Tanh(), nn.Linear(width, width), nn.Tanh()
        )
        self.actor = nn.Linear(width, actions)
        self.critic = nn.Linear(width, 1)
        nn.init.orthogonal_(self.actor.weight, 0.01)

    def value(self, obs: torch.Tensor) -> torch.Tensor:
        estimate: torch.Tensor = self.critic(self.body(obs)).squeeze(-1)  # (a Module call is Any)
        return estimate

    def act(
        self, obs: torch.Tensor, mask: torch.Tensor, action: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        hidden = self.body(obs)
        logits = self.actor(hidden).masked_fill(~mask, -1e9)
        dist = torch.distributions.Categorical(logits=logits)
        if action is None:
            action = dist.sample()
        return action, dist.log_prob(action), dist.entropy(), self.critic(hidden).squeeze(-1)

    def greedy(self) -> Policy:
        def choose(obs: Any, mask: Any) -> int:
            with torch.no_grad():
                logits = self.actor(self.body(torch.as_tensor(obs)[None]))[0]
                logits = logits.masked_fill(~torch.as_tensor(mask, dtype=torch.bool), -1e9)
            return int(logits.argmax())

        return choose


def duplicate(
    policy: Policy,
    *,
    variant: str = "standard",
    opponents: str = "standard",
    deals: int = 100,
    seed: int = 0,
) -> dict[str, float]:
    """Seat 0's side's points a deal with ``policy`` in seat 0, with StandardBot there on
    the same deals, and their difference (see the module docstring)."""
    levels = {"easy": EasyBot, "standard": StandardBot}
    totals = {"policy": 0.0, "standard": 0.0}
    for k in range(deals):
        for who in totals:
            game = Game(variant, seed=seed + k)
            rules = game.variant.compile()
            bots = {s: levels[opponents](seed + 1000 * k + s) for s in range(1, rules.players)}
            me = StandardBot(seed + 1000 * k)
            while game.deal_number == 0 and not game.is_over:
                seat = game.current_player
                assert seat is not None  # (the game goes on)
                if seat == 0 and who == "policy":
                    game.apply_id(policy(game.observation_tensor(0), game.legal_action_mask() > 0))
                else:
                    bot = me if seat == 0 else bots[seat]
                    game.apply(bot.act(game.observation(seat), rules))
            totals[who] += game.returns("deal")[0]
    out = {key: value / deals for key, value in totals.items()}
    out["edge"] = out["policy"] - out["standard"]
    return out


def train(args: argparse.Namespace) -> Agent:
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    envs, steps = args.envs, args.steps
    env = SpadesVectorEnv("standard", envs, seed=args.seed, opponents="easy")
    shape = env.single_observation_space.shape
    assert shape is not None  # (a Box's)
    size, actions = shape[0], env.num_actions
    agent = Agent(size, actions)
    optimizer = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    obs_buf = torch.zeros((steps, envs, size))
    mask_buf = torch.zeros((steps, envs, actions), dtype=torch.bool)
    act_buf = torch.zeros((steps, envs), dtype=torch.long)
    logp_buf, rew_buf, done_buf, val_buf = (torch.zeros((steps, envs)) for _ in range(4))
    obs, info = env.reset()
    start = time.perf_counter()
    budget = args.minutes * 60
    level, updates, agent_steps, window = "easy", 0, 0, []
    while time.perf_counter() - start < budget:
        if level == "easy" and time.perf_counter() - start > budget * args.easy_share:
            level = "standard"  # the second part of the curriculum
            env = SpadesVectorEnv(
                "standard", args.standard_envs, seed=args.seed + 1, opponents=level
            )
            envs = args.standard_envs
            obs_buf = torch.zeros((steps, envs, size))
            mask_buf = torch.zeros((steps, envs, actions), dtype=torch.bool)
            act_buf = torch.zeros((steps, envs), dtype=torch.long)
            logp_buf, rew_buf, done_buf, val_buf = (torch.zeros((steps, envs)) for _ in range(4))
            obs, info = env.reset()
        for t in range(steps):
            obs_t = torch.as_tensor(obs)
            mask_t = torch.as_tensor(info["action_mask"])
            with torch.no_grad():
                action, logp, _, value = agent.act(obs_t, mask_t)
            obs_buf[t], mask_buf[t], act_buf[t], logp_buf[t], val_buf[t] = (
                obs_t,
                mask_t,
                action,
                logp,
                value,
            )
            obs, reward, terminated, _, info = env.step(action.numpy())
            rew_buf[t] = torch.as_tensor(reward) / 100.0  # a deal's points, in hundreds
            done_buf[t] = torch.as_tensor(terminated, dtype=torch.float32)
            window += reward[terminated].tolist()
            agent_steps += envs
        with torch.no_grad():  # GAE; an episode ends on a step whose `terminated` is set
            next_value = agent.value(torch.as_tensor(obs))
            advantages = torch.zeros_like(rew_buf)
            last = torch.zeros(envs)
            for t in reversed(range(steps)):
                following = next_value if t == steps - 1 else val_buf[t + 1]
                alive = 1.0 - done_buf[t]
                delta = rew_buf[t] + args.gamma * following * alive - val_buf[t]
                last = delta + args.gamma * args.lam * alive * last
                advantages[t] = last
            returns = advantages + val_buf
        b_obs, b_mask = obs_buf.reshape(-1, size), mask_buf.reshape(-1, actions)
        b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret = advantages.reshape(-1), returns.reshape(-1)
        batch = b_obs.shape[0]
        for _ in range(args.epochs):
            order = torch.randperm(batch)
            for lo in range(0, batch, args.minibatch):
                idx = order[lo : lo + args.minibatch]
                _, logp, entropy, value = agent.act(b_obs[idx], b_mask[idx], b_act[idx])
                ratio = (logp - b_logp[idx]).exp()
                adv = b_adv[idx]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                pg = torch.max(
                    -adv * ratio, -adv * ratio.clamp(1 - args.clip, 1 + args.clip)
                ).mean()
                loss = pg + 0.5 * ((value - b_ret[idx]) ** 2).mean() - args.entropy * entropy.mean()
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()
        updates += 1
        if updates % args.report == 0 and window:
            elapsed = time.perf_counter() - start
            print(
                f"{elapsed / 60:5.1f} min  vs {level:8}  agent steps {agent_steps:>10,}  "
                f"points a deal (last {len(window)}) {np.mean(window):7.1f}",
                flush=True,
            )
            window = []
    return agent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--envs", type=int, default=256, help="rows against Easy")
    parser.add_argument("--standard-envs", type=int, default=64, help="rows against Standard")
    parser.add_argument("--easy-share", type=float, default=0.6, help="time against Easy")
    parser.add_argument("--steps", type=int, default=32, help="steps a rollout")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--report", type=int, default=5, help="updates between reports")
    parser.add_argument("--eval-deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, default=None, help="where to save the weights")
    args = parser.parse_args(argv)
    agent = train(args)
    if args.save:
        torch.save(agent.state_dict(), args.save)
    for opponents in ("easy", "standard"):
        result = duplicate(agent.greedy(), opponents=opponents, deals=args.eval_deals, seed=10_000)
        print(
            f"duplicate, {args.eval_deals} deals vs {opponents}: seat 0's side scores "
            f"{result['policy']:.1f} a deal with the agent, {result['standard']:.1f} with "
            f"StandardBot (edge {result['edge']:+.1f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
