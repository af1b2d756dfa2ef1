package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// enumValue is a string flag that takes one of a few words, in any letter
// case; it stores the word in lower case.
type enumValue struct {
	target  *string
	choices []string
}

// enumFlag defines a flag --name taking one of choices (value starts as
// def, which may be "" for "not given") and its shell completion.
func enumFlag(cmd *cobra.Command, target *string, name, def string, choices []string, usage string) {
	*target = def
	cmd.Flags().Var(&enumValue{target: target, choices: choices}, name, usage)
	mustComplete(cmd, name, cobra.FixedCompletions(choices, cobra.ShellCompDirectiveNoFileComp))
}

// mustComplete registers the shell completion of the flag name. Cobra
// fails only when the flag is not defined or already has one: a bug in
// the command's definition, so it panics.
func mustComplete(cmd *cobra.Command, name string, f cobra.CompletionFunc) {
	if err := cmd.RegisterFlagCompletionFunc(name, f); err != nil {
		panic(fmt.Sprintf("completion of --%s: %v", name, err))
	}
}

// Set implements pflag.Value.
func (e *enumValue) Set(s string) error {
	v := strings.ToLower(strings.TrimSpace(s))
	if !slices.Contains(e.choices, v) {
		return fmt.Errorf("want %s%s", oneOf(e.choices), didYouMean(s, e.choices, "%s"))
	}
	*e.target = v
	return nil
}

// String implements pflag.Value.
func (e *enumValue) String() string { return *e.target }

// Type implements pflag.Value; help shows it as the flag's argument.
func (e *enumValue) Type() string { return strings.Join(e.choices, "|") }

// flagError rewrites the errors of flag parsing into plain advice: the
// nearest real flag for an unknown one, the valid values for a bad one.
// Every flag error is a usage error (exit 2).
func flagError(cmd *cobra.Command, err error) error {
	msg := err.Error()
	var notExist *pflag.NotExistError
	var invalid *pflag.InvalidValueError
	switch {
	case errors.As(err, &notExist) && notExist.GetSpecifiedShortnames() == "":
		name := notExist.GetSpecifiedName()
		msg = fmt.Sprintf("unknown flag --%s%s", name, didYouMean(name, flagNames(cmd), "--%s"))
	case errors.As(err, &invalid):
		msg = invalidValueMessage(invalid)
	}
	//lint:ignore ST1005 printed as is: the usage hint is a sentence of its own
	return &exitError{code: exitUsage, err: fmt.Errorf("%s\nRun '%s --help' for usage.", msg, cmd.CommandPath())}
}

// invalidValueMessage explains a value a flag does not take.
func invalidValueMessage(e *pflag.InvalidValueError) string {
	f := e.GetFlag()
	if f.Value.Type() == "bool" {
		return fmt.Sprintf("--%s=%s: the value must be true or false (--%s alone means true)", f.Name, e.GetValue(), f.Name)
	}
	if _, ok := f.Value.(*enumValue); ok {
		return fmt.Sprintf("--%s %q: %v", f.Name, e.GetValue(), errors.Unwrap(e))
	}
	return e.Error()
}

// flagNames lists the long names of the flags cmd takes, hidden ones left out.
func flagNames(cmd *cobra.Command) []string {
	var names []string
	add := func(f *pflag.Flag) {
		if !f.Hidden && !slices.Contains(names, f.Name) {
			names = append(names, f.Name)
		}
	}
	cmd.Flags().VisitAll(add)
	cmd.InheritedFlags().VisitAll(add)
	return names
}

// refuseEmptyValues is a usage error for a string flag given an empty
// value (-o "" would otherwise mean "the current folder" or fail later
// with a puzzling message).
func refuseEmptyValues(cmd *cobra.Command) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if err == nil && f.Value.Type() == "string" && f.Value.String() == "" {
			name := "--" + f.Name
			if f.Shorthand != "" {
				name += " (-" + f.Shorthand + ")"
			}
			err = usageError("%s is empty: give it a value (see '%s --help')", name, cmd.CommandPath())
		}
	})
	return err
}

// completionShells are the shells `runforge completion` writes scripts for.
func completionShells() []string { return []string{"bash", "zsh", "fish", "powershell"} }

// strictCompletionCmd makes `runforge completion SHELL` an error for a shell
// it has no script for, instead of printing the help and exiting 0.
func strictCompletionCmd(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Args = func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return nil
			}
			return usageError("completion: unsupported shell %q (want %s)%s",
				args[0], oneOf(completionShells()), didYouMean(args[0], completionShells(), "%s"))
		}
		c.RunE = func(cmd *cobra.Command, args []string) error { return cmd.Help() }
	}
}
