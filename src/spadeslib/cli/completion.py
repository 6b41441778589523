"""``spadeslib completion bash|zsh|fish``: a shell completion script, written from the
parser itself, so it completes every command and option there is, and the bundled
variant names (plus file names) where a variant goes.

Install it once::

    spadeslib completion bash > ~/.local/share/bash-completion/completions/spadeslib
    spadeslib completion zsh > "${fpath[1]}/_spadeslib"      # or eval it in ~/.zshrc
    spadeslib completion fish > ~/.config/fish/completions/spadeslib.fish

No dependency: the zsh script uses zsh's own bash-completion emulation.
"""

from __future__ import annotations

import argparse
import shlex
from typing import Final

__all__ = ["SHELLS", "run", "script", "setup"]

SHELLS: Final = ("bash", "zsh", "fish")


def setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=SHELLS, help="the shell to write the script for")


def run(args: argparse.Namespace) -> int:
    print(script(args.shell, args.parser), end="")
    return 0


def _commands(parser: argparse.ArgumentParser) -> dict[str, tuple[str, list[str]]]:
    """Each subcommand of ``parser`` (the ``spadeslib`` command's, which the command hands
    to its subcommands): its summary and its options."""
    found: dict[str, tuple[str, list[str]]] = {}
    for action in parser._actions:  # argparse's own list of what it accepts
        if not isinstance(action, argparse._SubParsersAction):
            continue
        summaries = {choice.dest: choice.help or "" for choice in action._choices_actions}
        for name, sub in action.choices.items():
            options = sorted(
                option
                for item in sub._actions
                for option in item.option_strings
                if option.startswith("--")
            )
            found[name] = (summaries.get(name, ""), options)
    return found


def _names() -> list[str]:
    from spadeslib.loader.bundled import bundled_variants

    return bundled_variants()


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    """The completion script for ``shell``."""
    if shell == "fish":
        return _fish(parser)
    text = _bash(parser)
    if shell == "zsh":
        return "#compdef spadeslib\nautoload -U +X bashcompinit && bashcompinit\n" + text
    return text


def _bash(parser: argparse.ArgumentParser) -> str:
    commands = _commands(parser)
    cases = "\n".join(
        f"        {name}) opts={shlex.quote(' '.join(options))} ;;"
        for name, (_, options) in commands.items()
    )
    return f"""\
# bash completion for spadeslib (written by: spadeslib completion bash)
_spadeslib() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}"
    local commands={shlex.quote(" ".join(commands))}
    local names={shlex.quote(" ".join(_names()))}
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi
    local opts=""
    case "${{COMP_WORDS[1]}}" in
{cases}
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    if [[ "${{COMP_WORDS[1]}}" == completion ]]; then
        COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -W "$names" -- "$cur") $(compgen -f -- "$cur"))
}}
complete -o filenames -F _spadeslib spadeslib
"""


def _fish(parser: argparse.ArgumentParser) -> str:
    lines = ["# fish completion for spadeslib (written by: spadeslib completion fish)"]
    lines.append("complete -c spadeslib -f")
    names = " ".join(_names())
    for name, (summary, options) in _commands(parser).items():
        lines.append(
            f"complete -c spadeslib -n __fish_use_subcommand -a {name} -d {shlex.quote(summary)}"
        )
        seen = f"__fish_seen_subcommand_from {name}"
        for option in options:
            lines.append(f"complete -c spadeslib -n {shlex.quote(seen)} -l {option[2:]}")
        if name == "completion":
            lines.append(f"complete -c spadeslib -n {shlex.quote(seen)} -a 'bash zsh fish'")
        elif name not in ("schema", "list"):
            lines.append(f"complete -c spadeslib -n {shlex.quote(seen)} -F -a {shlex.quote(names)}")
    return "\n".join(lines) + "\n"
