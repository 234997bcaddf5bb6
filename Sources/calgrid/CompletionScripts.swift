// The three completion scripts, written from the command specs (see CompletionCommand.swift).
// Each one completes: the command name, a command's options, the values an option documents,
// files for FILE, and the store's ids (from `calgrid completion ids`) where a command takes an ID.
extension CompletionCommand {
    static func bash(_ specs: [CommandSpec]) -> String {
        var s = """
        # bash completion for calgrid. Load it with: source <(calgrid completion bash)
        _calgrid_ids() {
            local i todos=()
            for ((i = 2; i < COMP_CWORD; i++)); do
                case ${COMP_WORDS[i]} in
                    --todos) todos=(--todos "${COMP_WORDS[i+1]}") ;;
                    --todos=*) todos=("${COMP_WORDS[i]}") ;;
                esac
            done
            calgrid completion ids "${todos[@]}" 2>/dev/null
        }
        _calgrid() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
            COMPREPLY=()
            if ((COMP_CWORD == 1)); then
                COMPREPLY=($(compgen -W \(quoted(specs.map(\.name).joined(separator: " "))) -- "$cur"))
                return
            fi
            case "${COMP_WORDS[1]} $prev" in

        """
        s += valueCases(specs, files: " compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")) ;;",
                        words: { " COMPREPLY=($(compgen -W \(quoted($0.joined(separator: " "))) -- \"$cur\")) ;;" }, other: " ;;")
        s += """
                *)
                    if [[ $cur == -* ]]; then
                        case ${COMP_WORDS[1]} in

        """
        s += specs.map { "                    \($0.name)) COMPREPLY=($(compgen -W \(quoted($0.optionNames)) -- \"$cur\")) ;;\n" }.joined()
        let idCommands = specs.filter(\.takesIDs).map(\.name)
        s += """
                        esac
                    else
                        case ${COMP_WORDS[1]} in
                            \(idCommands.joined(separator: "|"))) COMPREPLY=($(compgen -W "$(_calgrid_ids)" -- "$cur")) ;;
                            completion) ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")) ;;
                        esac
                    fi ;;
            esac
            return 0
        }
        complete -F _calgrid calgrid

        """
        return s
    }

    static func zsh(_ specs: [CommandSpec]) -> String {
        var s = """
        #compdef calgrid
        # zsh completion for calgrid: source <(calgrid completion zsh), or save it as _calgrid in a
        # directory of $fpath.
        _calgrid() {
            local -a commands ids todos
            commands=(

        """
        for c in specs { s += "        \(quoted(c.name + ":" + c.summary))\n" }
        s += """
            )
            if ((CURRENT == 2)); then
                _describe -t commands 'calgrid command' commands
                return
            fi
            case "$words[2] $words[CURRENT-1]" in

        """
        s += valueCases(specs, files: " _files; return ;;",
                        words: { " compadd -- \($0.map(quoted).joined(separator: " ")); return ;;" }, other: " return 1 ;;")
        s += """
            esac
            if [[ $PREFIX == -* ]]; then
                case $words[2] in

        """
        s += specs.map { "            \($0.name)) compadd -- \($0.optionNames) ;;\n" }.joined()
        let idCommands = specs.filter(\.takesIDs).map(\.name)
        s += """
                esac
                return
            fi
            case $words[2] in
                \(idCommands.joined(separator: "|")))
                    local i=${words[(I)--todos]}
                    ((i > 0)) && todos=(--todos "$words[i+1]")
                    ids=(${(f)"$(calgrid completion ids --describe $todos 2>/dev/null)"})
                    ids=(${ids//:/\\\\:})
                    ids=(${ids/$'\\t'/:})
                    _describe -t todos 'todo' ids ;;
                completion) ((CURRENT == 3)) && compadd -- bash zsh fish ;;
            esac
        }
        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
            _calgrid "$@"
        else
            compdef _calgrid calgrid
        fi

        """
        return s
    }

    /// The bash and zsh `case` arms for "COMMAND OPTION" when the option takes a value: `files`
    /// completes file names, `words` a list of words, `other` nothing.
    static func valueCases(_ specs: [CommandSpec], files: String, words complete: ([String]) -> String, other: String) -> String {
        var s = ""
        for c in specs {
            for o in c.options where o.takesValue {
                s += "        \(quoted(c.name + " " + o.name)))"
                if o.values == .files {
                    s += files
                } else if let w = words(o.values) {
                    s += complete(w)
                } else {
                    s += other
                }
                s += "\n"
            }
        }
        return s
    }

    static func fish(_ specs: [CommandSpec]) -> String {
        var s = """
        # fish completion for calgrid: calgrid completion fish > ~/.config/fish/completions/calgrid.fish
        complete -c calgrid -f
        function __calgrid_ids
            set -l tokens (commandline -opc)
            set -l todos
            if set -l i (contains -i -- --todos $tokens)
                set todos --todos $tokens[(math $i + 1)]
            end
            calgrid completion ids --describe $todos 2>/dev/null
        end

        """
        for c in specs {
            s += "complete -c calgrid -n __fish_use_subcommand -a \(c.name) -d \(quoted(c.summary))\n"
        }
        for c in specs {
            let when = "-n \(quoted("__fish_seen_subcommand_from " + c.name))"
            for o in c.options {
                var line = "complete -c calgrid \(when)"
                line += o.name == "--help" ? " -s h -l help" : " -l \(o.name.dropFirst(2))"
                if o.values == .files {
                    line += " -r -F"
                } else if let w = words(o.values) {
                    line += " -x -a \(quoted(w.joined(separator: " ")))"
                } else if o.takesValue {
                    line += " -x"
                }
                s += line + "\n"
            }
        }
        let idCommands = specs.filter(\.takesIDs).map(\.name)
        s += "complete -c calgrid -n \(quoted("__fish_seen_subcommand_from " + idCommands.joined(separator: " "))) -a '(__calgrid_ids)'\n"
        s += "complete -c calgrid -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'\n"
        return s
    }
}
